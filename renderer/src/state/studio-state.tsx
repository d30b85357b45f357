import { createContext, useContext, useMemo, useReducer, type Dispatch, type ReactNode } from "react";
import type { PageInfo } from "@loupe/studio/common";
import type { Workspace } from "./workspace.js";

/** What the panels share: the workspace being edited, the tabs, and what the picker chose. */
export interface StudioState {
  workspace: Workspace;
  pages: PageInfo[];
  /** The element the picker chose last, shown across panels. */
  picked: { selector: string; snapshot: string } | undefined;
}

/** Every change the panels make to the shared state. */
export type StudioAction =
  | { type: "workspace.patch"; patch: Partial<Workspace> }
  | { type: "workspace.replace"; workspace: Workspace }
  | { type: "pages.set"; pages: PageInfo[] }
  | { type: "page.changed"; page: PageInfo }
  | { type: "picked"; picked: StudioState["picked"] };

/** Applies one action. */
export function studioReducer(state: StudioState, action: StudioAction): StudioState {
  switch (action.type) {
    case "workspace.patch":
      return { ...state, workspace: { ...state.workspace, ...action.patch } };
    case "workspace.replace":
      return { ...state, workspace: action.workspace };
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
  const value = useMemo(() => ({ state, dispatch }), [state]);
  return <StateContext.Provider value={value}>{children}</StateContext.Provider>;
}

/** The shared state and its dispatch. */
export function useStudioState(): { state: StudioState; dispatch: Dispatch<StudioAction> } {
  const value = useContext(StateContext);
  if (!value) throw new Error("useStudioState() needs a <StudioStateProvider> above it.");
  return value;
}
