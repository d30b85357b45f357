import type { VariableRow } from "./act-variables.js";

/**
 * Key/value rows for act's variables. Values are typed as passwords: they are secrets the model never
 * sees, so the screen should not show them either, and the hint says where else they never go.
 */
export function VariableRows({
  rows,
  onChange,
}: {
  rows: VariableRow[];
  onChange: (rows: VariableRow[]) => void;
}) {
  const set = (index: number, patch: Partial<VariableRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <fieldset className="variable-rows">
      <legend>Variables (optional: use %name% in the instruction)</legend>
      <p className="hint">
        Values stay in this form: they are never sent to the model, kept in the history, saved with the
        workspace or written into exported code. A rerun from the history uses the values here.
      </p>
      {rows.map((row, index) => (
        <div className="variable-row" key={index}>
          <input
            aria-label={`Variable ${index + 1} name`}
            placeholder="name"
            value={row.name}
            onChange={(e) => set(index, { name: e.target.value })}
          />
          <input
            aria-label={`Variable ${index + 1} value`}
            type="password"
            placeholder="value"
            value={row.value}
            onChange={(e) => set(index, { value: e.target.value })}
          />
          <button
            type="button"
            aria-label={`Remove variable ${index + 1}`}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          >
            ×
          </button>
        </div>
      ))}
      <button type="button" onClick={() => onChange([...rows, { name: "", value: "" }])}>
        Add variable
      </button>
    </fieldset>
  );
}
