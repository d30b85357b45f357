import { useEffect, useState } from "react";
import { MAX_WAIT_MS } from "./flow-step.js";

/**
 * A wait step's milliseconds. The text stays as typed; only a whole number from 0 to the limit reaches
 * the flow, and anything else is marked invalid with what to type.
 */
export function WaitField({
  label,
  ms,
  disabled,
  onChange,
}: {
  label: string;
  ms: number;
  disabled: boolean;
  onChange: (ms: number) => void;
}) {
  const [text, setText] = useState(String(ms));
  useEffect(() => setText((typed) => (Number(typed) === ms ? typed : String(ms))), [ms]);
  const valid = /^\d+$/.test(text.trim()) && Number(text) <= MAX_WAIT_MS;
  return (
    <label className="wait-field">
      {label}
      <input
        type="number"
        min={0}
        max={MAX_WAIT_MS}
        step={1}
        value={text}
        disabled={disabled}
        aria-invalid={!valid}
        onChange={(event) => {
          setText(event.target.value);
          const value = event.target.value.trim();
          if (/^\d+$/.test(value) && Number(value) <= MAX_WAIT_MS) onChange(Number(value));
        }}
      />
      {valid ? null : <span className="error">A whole number of milliseconds, 0 to {MAX_WAIT_MS}.</span>}
    </label>
  );
}
