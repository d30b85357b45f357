import { useRef } from "react";
import { StudioError } from "@loupe/studio/common";
import { TimeoutField } from "../components/timeout-field.js";
import { firstInvalidField } from "../components/form-validity.js";
import { useStudioState } from "../state/studio-state.js";
import { ActRunResult } from "./act-result.js";
import { variablesOf } from "./act-variables.js";
import { useActRun } from "./use-act-run.js";
import { VariableRows } from "./variable-rows.js";
import "./act-panel.css";

/**
 * One natural-language action on the page: the action chosen, its reusable selector, the page after,
 * and the element highlighted in the live view. Run (or Ctrl/Cmd+Enter) starts it; Cancel and the
 * timeout stop it before any action is performed.
 */
export function ActPanel() {
  const { state, dispatch } = useStudioState();
  const { state: runState, run, cancel, fail } = useActRun();
  const { instruction, timeout } = state.workspace.act;
  const running = runState.status === "running";
  const form = useRef<HTMLFormElement>(null);

  const start = () => {
    const invalid = form.current ? firstInvalidField(form.current) : undefined;
    if (invalid) {
      invalid.element.focus();
      return fail(new StudioError("invalid_option", invalid.message));
    }
    if (!instruction.trim()) return;
    const variables = variablesOf(state.variables);
    run({
      instruction,
      ...(variables ? { variables } : {}),
      ...(timeout !== undefined ? { options: { timeout } } : {}),
    });
  };
  const setAct = (patch: Partial<typeof state.workspace.act>) => {
    const act = { ...state.workspace.act, ...patch };
    if (act.timeout === undefined) delete act.timeout;
    dispatch({ type: "workspace.patch", patch: { act } });
  };

  return (
    <form
      ref={form}
      noValidate
      className="act-panel"
      aria-label="Act"
      onSubmit={(event) => {
        event.preventDefault();
        start();
      }}
      onKeyDown={(event) => {
        if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          start();
        }
      }}
    >
      <label className="field">
        <span>Instruction</span>
        <textarea
          rows={3}
          value={instruction}
          placeholder="click the Sign in button"
          onChange={(e) => setAct({ instruction: e.target.value })}
        />
      </label>
      <VariableRows
        rows={state.variables}
        onChange={(variables) => dispatch({ type: "variables.set", variables })}
      />
      <div className="act-options">
        <TimeoutField timeout={timeout} onChange={(value) => setAct({ timeout: value })} />
      </div>
      <div className="actions">
        <button type="submit" disabled={running || !instruction.trim()}>
          Run act
        </button>
        <button type="button" disabled={!running} onClick={cancel}>
          Cancel
        </button>
        <span className="act-shortcut">Ctrl/Cmd+Enter</span>
      </div>
      <ActRunResult state={runState} />
    </form>
  );
}
