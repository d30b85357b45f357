import { createContext, useContext, useMemo, useReducer, type Dispatch, type ReactNode } from "react";
import type { PageInfo } from "@loupe/studio/common";
import type { VariableRow } from "../act/act-variables.js";
import { useKeepWorkspace } from "./kept-workspace.js";
import type { SchemaOrigin, Workspace } from "./workspace.js";

/** What the panels share: the workspace being edited, the tabs, and what the picker chose. */
export interface StudioState {
  workspace: Workspace;
  schemaOrigin: SchemaOrigin;
  pages: PageInfo[];
  /** The element the picker chose last, shown across panels. */
  picked: { selector: string; snapshot: string } | undefined;
  /**
   * act's variables, values included: held here, in this window's memory only, so the Act panel and a
   * rerun from the history share them. Never part of the workspace (which is saved to disk).
   */
  variables: VariableRow[];
  /**
   * A selector sent to the Browse pane's selector box (Test beside the picked element or act's result);
   * `n` counts the sends, so sending the same selector again still fills the box.
   */
  selectorTest?: { selector: string; n: number };
}

/** Every change the panels make to the shared state. */
export type StudioAction =
  | { type: "workspace.patch"; patch: Partial<Workspace> }
  /** A workspace opened from a file. */
  | { type: "workspace.replace"; workspace: Workspace }
  /** A kept run's inputs loaded back (a rerun). */
  | { type: "workspace.load-run"; patch: Partial<Workspace> }
  /** The person typed in the schema editor: the source is theirs now. */
  | { type: "schema.edit"; source: string }
  /** The person pressed Run: the source may be evaluated from now on. */
  | { type: "schema.release" }
  | { type: "pages.set"; pages: PageInfo[] }
  | { type: "page.changed"; page: PageInfo }
  | { type: "picked"; picked: StudioState["picked"] }
  | { type: "variables.set"; variables: VariableRow[] }
  /** Test: put a selector in the selector box. */
  | { type: "selector.test"; selector: string };

/** Applies one action. */
export function studioReducer(state: StudioState, action: StudioAction): StudioState {
  switch (action.type) {
    case "workspace.patch":
      return { ...state, workspace: { ...state.workspace, ...action.patch } };
    case "workspace.replace":
      return { ...state, workspace: action.workspace, schemaOrigin: "file" };
    case "workspace.load-run":
      return {
        ...state,
        workspace: { ...state.workspace, ...action.patch },
        ...(action.patch.schema ? { schemaOrigin: "run" as const } : {}),
      };
    case "schema.edit":
      return {
        ...state,
        workspace: { ...state.workspace, schema: { ...state.workspace.schema, source: action.source } },
        schemaOrigin: "typed",
      };
    case "schema.release":
      return state.schemaOrigin === "typed" ? state : { ...state, schemaOrigin: "typed" };
    case "pages.set":
      return { ...state, pages: action.pages };
    case "page.changed": {
      const others = state.pages
        .filter((page) => page.pageId !== action.page.pageId)
        .map((page) => (action.page.active ? { ...page, active: false } : page));
      const index = state.pages.findIndex((page) => page.pageId === action.page.pageId);
      const pages = [...others];
      pages.splice(index === -1 ? pages.length : index, 0, action.page);
      return { ...state, pages };
    }
    case "variables.set":
      return { ...state, variables: action.variables };
    case "selector.test":
      return { ...state, selectorTest: { selector: action.selector, n: (state.selectorTest?.n ?? 0) + 1 } };
    case "picked":
      return {
        ...state,
        picked: action.picked,
        ...(action.picked
          ? {
              workspace: {
                ...state.workspace,
                options: { ...state.workspace.options, selector: action.picked.selector },
              },
            }
          : {}),
      };
  }
}

const StateContext = createContext<{ state: StudioState; dispatch: Dispatch<StudioAction> } | undefined>(
  undefined,
);

/** Holds the shared state for the panels below. */
export function StudioStateProvider({ initial, children }: { initial: StudioState; children: ReactNode }) {
  const [state, dispatch] = useReducer(studioReducer, initial);
  useKeepWorkspace(state.workspace, state.schemaOrigin);
  const value = useMemo(() => ({ state, dispatch }), [state]);
  return <StateContext.Provider value={value}>{children}</StateContext.Provider>;
}

/** The shared state and its dispatch. */
export function useStudioState(): { state: StudioState; dispatch: Dispatch<StudioAction> } {
  const value = useContext(StateContext);
  if (!value) throw new Error("useStudioState() needs a <StudioStateProvider> above it.");
  return value;
}
