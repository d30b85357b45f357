import { useCallback, useEffect, useRef, useState } from "react";
import { StudioError, type StudioParams, type StudioResult } from "@loupe/studio/common";
import { useStudio } from "../api/studio-context.js";
import { SchemaEditor } from "../schema-editor/schema-editor.js";
import { useStudioState } from "../state/studio-state.js";
import type { SchemaOrigin } from "../state/workspace.js";
import { STARTER_ZOD_SCHEMA, type SchemaMode, type Workspace } from "../state/workspace.js";
import { ExtractOptions } from "./extract-options.js";
import { ExtractResults } from "./extract-results.js";
import { firstInvalidField } from "../components/form-validity.js";
import { useExtractRun } from "./use-extract-run.js";
import { useSchemaCheck } from "./use-schema-check.js";
import "./extract-panel.css";

/**
 * The Extract panel: instruction, schema (zod or JSON Schema in Monaco), options, Run/Cancel and the
 * result. An empty instruction runs the page-text extract, which needs no model.
 */
export function ExtractPanel() {
  const studio = useStudio();
  const { state, dispatch } = useStudioState();
  const { workspace } = state;
  const { state: runState, run, cancel, fail } = useExtractRun();
  const [settings, setSettings] = useState<StudioResult<"settings.get">>();
  const [modeNote, setModeNote] = useState<string>();
  // The zod text a switch to JSON Schema left behind, restored when switching back.
  const [zodBeforeJson, setZodBeforeJson] = useState<string>();
  // A zod source from a file or a kept run evaluates nothing until the person edits it or presses Run.
  const held = workspace.schema.mode === "zod" && state.schemaOrigin !== "typed";
  const sandboxIssues = useSchemaCheck(workspace.schema.mode, workspace.schema.source, held);

  const refreshSettings = useCallback(
    () => studio.call("settings.get", {}).then(setSettings, () => setSettings(undefined)),
    [studio],
  );
  useEffect(() => {
    void refreshSettings();
  }, [refreshSettings]);

  const patch = useCallback(
    (change: Partial<Workspace>) => dispatch({ type: "workspace.patch", patch: change }),
    [dispatch],
  );
  const setSource = useCallback((source: string) => dispatch({ type: "schema.edit", source }), [dispatch]);

  const form = useRef<HTMLFormElement>(null);
  // `typedSource` is the editor's text at Ctrl/Cmd+Enter, newer than `workspace` until the next render.
  const start = useCallback(
    (typedSource?: string) => {
      const invalid = form.current ? firstInvalidField(form.current) : undefined;
      if (invalid) {
        invalid.element.focus();
        return fail(new StudioError("invalid_option", invalid.message));
      }
      const instruction = workspace.instruction.trim();
      const params: Omit<StudioParams<"extract.run">, "runId"> = { options: workspace.options };
      if (instruction) {
        params.instruction = instruction;
        const source = (typedSource ?? workspace.schema.source).trim();
        if (source && workspace.schema.mode === "zod") params.schema = { kind: "zod", source };
        if (source && workspace.schema.mode === "json") {
          const parsed = parseJsonSchema(source);
          if (parsed instanceof StudioError) return fail(parsed);
          params.schema = { kind: "json", value: parsed };
        }
      }
      void refreshSettings(); // a key set meanwhile (Settings panel) should clear the hint
      dispatch({ type: "schema.release" }); // Run is the person's word that this source may be evaluated
      run(params);
    },
    [workspace, run, fail, refreshSettings, dispatch],
  );

  const switchMode = async (mode: SchemaMode) => {
    if (mode === workspace.schema.mode) return;
    if (mode === "json") {
      if (held) {
        setModeNote(HELD_CONVERSION_NOTE);
        return;
      }
      const source = workspace.schema.source;
      const result = source.trim() ? await studio.call("schema.evaluate", { source }) : undefined;
      setZodBeforeJson(source);
      if (result?.ok) {
        setModeNote("Converted the zod schema to JSON Schema (draft-07, as the model is sent it).");
        patch({ schema: { mode, source: `${JSON.stringify(result.jsonSchema, null, 2)}\n` } });
      } else {
        setModeNote("The zod schema does not evaluate, so it was not converted: fix it first to convert.");
        patch({ schema: { mode, source: "{\n  \n}\n" } });
      }
    } else {
      // JSON Schema → zod has no faithful text form; go back to the zod the person wrote.
      setModeNote(
        zodBeforeJson ? "Back to your zod schema (JSON Schema edits are not carried over)." : undefined,
      );
      patch({ schema: { mode, source: zodBeforeJson ?? STARTER_ZOD_SCHEMA } });
      // The person's own zod (a held one never gets converted away) or the starter: checked as typed.
      dispatch({ type: "schema.release" });
    }
  };

  const running = runState.status === "running";
  const needsModel = workspace.instruction.trim() !== "";
  const noKeyHint =
    settings && !settings.hasApiKey
      ? // The variable names come from the main process, which reads them from core's provider table.
        `No API key for ${settings.model}. Set ${settings.keyVariables.join(" or ")} in the ` +
        `environment or the Settings panel, or choose a model that needs none (ollama/…). With an empty ` +
        `instruction, the page text still works without a key.`
      : undefined;

  return (
    <form
      ref={form}
      noValidate
      className="extract-panel"
      aria-label="Extract"
      onSubmit={(e) => {
        e.preventDefault();
        start();
      }}
      onKeyDown={(e) => {
        if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          start();
        }
      }}
    >
      <label className="extract-instruction">
        Instruction
        <textarea
          rows={2}
          value={workspace.instruction}
          placeholder="What to extract; leave empty for the page text"
          onChange={(e) => patch({ instruction: e.target.value })}
        />
      </label>
      {noKeyHint && needsModel && (
        <p className="extract-hint" role="note">
          {noKeyHint}
        </p>
      )}
      <div className="extract-schema-header">
        <span id="schema-mode-label">Schema</span>
        <div role="radiogroup" aria-labelledby="schema-mode-label" className="schema-mode">
          {(["zod", "json"] as const).map((mode) => (
            <label key={mode}>
              <input
                type="radio"
                name="schema-mode"
                checked={workspace.schema.mode === mode}
                onChange={() => void switchMode(mode)}
              />
              {mode === "zod" ? "zod" : "JSON Schema"}
            </label>
          ))}
        </div>
      </div>
      {modeNote && <p className="extract-note">{modeNote}</p>}
      {held && (
        <p className="extract-note" role="note">
          {heldNote(state.schemaOrigin)}
        </p>
      )}
      <SchemaEditor
        mode={workspace.schema.mode}
        source={workspace.schema.source}
        onSourceChange={setSource}
        onRun={start}
        issues={sandboxIssues}
      />
      <ExtractOptions
        options={workspace.options}
        defaultModel={settings?.model}
        onChange={(options) => patch({ options })}
      />
      <div className="extract-actions">
        <button type="submit" disabled={running}>
          Run
        </button>
        <button type="button" disabled={!running} onClick={cancel}>
          Cancel
        </button>
        <span className="extract-shortcut">Ctrl/Cmd+Enter</span>
      </div>
      <section aria-label="Result" className="extract-result">
        <ExtractResults state={runState} noKeyHint={noKeyHint} />
      </section>
    </form>
  );
}

const HELD_CONVERSION_NOTE =
  "This zod schema is not checked yet, so it was not converted: edit it or press Run first.";

/** The one line over a schema that has not been evaluated, saying why and what checks it. */
function heldNote(origin: SchemaOrigin): string {
  const from = origin === "run" ? "a past run" : "a file";
  return `Not checked yet: this schema came from ${from}. Edit it or press Run to check it.`;
}

/** The JSON Schema text as an object, or an error saying why it is not one. */
function parseJsonSchema(source: string): Record<string, unknown> | StudioError {
  try {
    const value: unknown = JSON.parse(source);
    if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
    return new StudioError("invalid_schema", "A JSON Schema is a JSON object.");
  } catch (error) {
    return new StudioError(
      "invalid_schema",
      `The JSON Schema is not valid JSON: ${(error as Error).message}`,
    );
  }
}
