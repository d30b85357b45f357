import { useEffect, useRef, useState } from "react";
import type { SchemaMode } from "../state/workspace.js";
import type * as MonacoSetup from "./monaco-setup.js";
import "./schema-editor.css";

/** A problem shown in the editor and listed under it (1-based positions, Monaco's convention). */
export interface EditorIssue {
  message: string;
  line?: number;
  column?: number;
  endLine?: number;
  endColumn?: number;
}

type Setup = typeof MonacoSetup;

/** What each mode expects, shown above the editor and as the empty editor's placeholder. */
export const MODE_HINTS: Record<SchemaMode, string> = {
  zod: "TypeScript with `z` in scope: end with a zod expression, or declare `const schema = z.object({…})`.",
  json: "A JSON Schema (draft-07 or 2020-12), checked against the meta-schema as you type.",
};

/** Monaco's key for its "Tab moves focus" switch. */
const ON_MAC = /Mac|iPhone|iPad/.test(navigator.platform);
const TAB_FOCUS_KEY = ON_MAC ? "Ctrl+Shift+M" : "Ctrl+M";
const TAB_FOCUS_KEYBINDING = ({ monaco }: Pick<Setup, "monaco">) =>
  ON_MAC
    ? monaco.KeyMod.WinCtrl | monaco.KeyMod.Shift | monaco.KeyCode.KeyM
    : monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyM;

/** Marker owner for problems the service found (the TypeScript and JSON workers own their own). */
const SANDBOX_OWNER = "loupe-sandbox";

/**
 * The schema editor: Monaco, loaded on first show (it is most of the UI's weight), with one model per
 * mode. Problems from Monaco's workers and from the service's sandbox (`issues`) show as squiggles and
 * are listed below for screen readers. Ctrl/Cmd+Enter runs with the editor's text as it is at the key
 * press (`onRun`'s argument): the `source` prop lags Monaco's own change events until React renders, and a
 * run pressed just after a paste must not send the text from before it. `onSourceChange` means the person
 * edited: text put in from outside (`source` changing) does not call it.
 */
export function SchemaEditor({
  mode,
  source,
  onSourceChange,
  onRun,
  issues,
}: {
  mode: SchemaMode;
  source: string;
  onSourceChange: (source: string) => void;
  onRun: (source: string) => void;
  issues: EditorIssue[];
}) {
  const host = useRef<HTMLDivElement>(null);
  const [setup, setSetup] = useState<Setup | Error>();
  const [editor, setEditor] = useState<MonacoSetup.monaco.editor.IStandaloneCodeEditor>();
  const [markers, setMarkers] = useState<EditorIssue[]>([]);
  // Monaco's "Tab moves focus" switch (its own Ctrl+M), shown so Tab in the editor is no trap.
  const [tabMovesFocus, setTabMovesFocus] = useState(false);
  // The latest callbacks, read by Monaco's listeners (registered once per editor).
  const latest = useRef({ onSourceChange, onRun });
  // True while text from outside (a workspace opened) is put in: that is not the person editing.
  const settingFromOutside = useRef(false);
  useEffect(() => {
    latest.current = { onSourceChange, onRun };
  });

  useEffect(() => {
    let live = true;
    import("./monaco-setup.js").then(
      (loaded) => live && setSetup(loaded),
      (error: unknown) => live && setSetup(error instanceof Error ? error : new Error(String(error))),
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!setup || setup instanceof Error || !host.current) return;
    const { monaco } = setup;
    const created = monaco.editor.create(host.current, {
      automaticLayout: true,
      minimap: { enabled: false },
      // A schema is a few dozen lines: a sticky header would only cover the first of them.
      stickyScroll: { enabled: false },
      fontSize: 13,
      scrollBeyondLastLine: false,
      tabSize: 2,
      fixedOverflowWidgets: true,
      ariaLabel: "Schema editor",
      // A dimmed last line number is below WCAG's contrast minimum; a schema's last line is a line.
      renderFinalNewline: "on",
    });
    created.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () =>
      latest.current.onRun(created.getValue()),
    );
    const changes = created.onDidChangeModelContent(() => {
      if (!settingFromOutside.current) latest.current.onSourceChange(created.getValue());
    });
    const tabFocusMode = monaco.editor.EditorOption.tabFocusMode;
    const readTabFocus = () => setTabMovesFocus(created.getOption(tabFocusMode));
    readTabFocus();
    // Monaco's own Ctrl+M action does not answer in the standalone editor as bundled here (the e2e test
    // presses it): bind the same key on the editor itself.
    created.addCommand(TAB_FOCUS_KEYBINDING(setup), () =>
      created.updateOptions({ tabFocusMode: !created.getOption(tabFocusMode) }),
    );
    const configuration = created.onDidChangeConfiguration((event) => {
      if (event.hasChanged(monaco.editor.EditorOption.tabFocusMode)) readTabFocus();
    });
    setEditor(created);
    return () => {
      configuration.dispose();
      changes.dispose();
      created.dispose();
      setEditor(undefined);
    };
  }, [setup]);

  // Mode: switch the model (each mode keeps its own text and undo history).
  useEffect(() => {
    if (!editor || !setup || setup instanceof Error) return;
    const model = setup.modelFor(mode, source);
    if (editor.getModel() !== model) editor.setModel(model);
    editor.updateOptions({ placeholder: MODE_HINTS[mode] });
    // `source` is applied by the effect below; this one only follows the mode.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editor, setup, mode]);

  // Source from outside (a workspace opened, a mode conversion): replace the text, keeping undo.
  useEffect(() => {
    const model = editor?.getModel();
    if (!model || model.getValue() === source) return;
    settingFromOutside.current = true;
    try {
      model.pushEditOperations([], [{ range: model.getFullModelRange(), text: source }], () => null);
    } finally {
      settingFromOutside.current = false;
    }
  }, [editor, source, mode]);

  // The sandbox's problems as markers next to the workers' own.
  useEffect(() => {
    const model = editor?.getModel();
    if (!model || !setup || setup instanceof Error) return;
    const { monaco } = setup;
    monaco.editor.setModelMarkers(
      model,
      SANDBOX_OWNER,
      issues.map((issue) => {
        const line = Math.min(issue.line ?? 1, model.getLineCount());
        const column = issue.column ?? 1;
        return {
          severity: monaco.MarkerSeverity.Error,
          message: issue.message,
          startLineNumber: line,
          startColumn: column,
          endLineNumber: issue.endLine ?? line,
          endColumn: issue.endColumn ?? model.getLineMaxColumn(line),
        };
      }),
    );
  }, [editor, setup, issues, mode]);

  // Every marker of the shown model, listed for people who cannot see a squiggle.
  useEffect(() => {
    if (!editor || !setup || setup instanceof Error) return;
    const { monaco } = setup;
    const read = () => {
      const model = editor.getModel();
      const list = model ? monaco.editor.getModelMarkers({ resource: model.uri }) : [];
      setMarkers(
        list
          .filter((m) => m.severity >= monaco.MarkerSeverity.Warning)
          .map((m) => ({ message: m.message, line: m.startLineNumber, column: m.startColumn })),
      );
    };
    read();
    const subscriptions = [monaco.editor.onDidChangeMarkers(read), editor.onDidChangeModel(read)];
    return () => subscriptions.forEach((s) => s.dispose());
  }, [editor, setup]);

  return (
    <div className="schema-editor">
      <p className="schema-hint">{MODE_HINTS[mode]}</p>
      {setup instanceof Error && (
        <p role="alert" className="schema-editor-error">
          The editor could not load: {setup.message}
        </p>
      )}
      <div ref={host} className="schema-editor-host" data-mode={mode} />
      <p className="schema-tab-key" aria-live="polite">
        {tabMovesFocus
          ? `Tab moves focus out of the editor · ${TAB_FOCUS_KEY} to indent with Tab again`
          : `Tab indents · ${TAB_FOCUS_KEY} to move focus out with Tab`}
      </p>
      {markers.length > 0 && (
        <ul className="schema-problems" aria-label="Schema problems">
          {markers.map((m, index) => (
            <li key={index}>
              <span className="schema-problem-place">
                {m.line}:{m.column}
              </span>{" "}
              {m.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
