import { useEffect, useState } from "react";
import { timeoutOf } from "./timeout-text.js";

/**
 * A run's timeout in milliseconds. Any whole number above 0 is accepted (3000 included: `step` is 1,
 * so the browser's validation never rejects a round number). The text stays as typed: "2.5" stays on
 * screen, invalid, so Run says so, instead of becoming 2.
 */
export function TimeoutField({
  timeout,
  onChange,
}: {
  timeout: number | undefined;
  onChange: (timeout: number | undefined) => void;
}) {
  const [text, setText] = useState(timeout === undefined ? "" : String(timeout));
  // A timeout put in from outside (a workspace opened, a rerun) replaces the text.
  useEffect(() => {
    setText((typed) => (timeoutOf(typed) === timeout ? typed : String(timeout ?? "")));
  }, [timeout]);
  return (
    <label>
      Timeout (ms)
      <input
        type="number"
        min={1}
        step={1}
        value={text}
        placeholder="none"
        onChange={(e) => {
          setText(e.target.value);
          onChange(timeoutOf(e.target.value));
        }}
      />
    </label>
  );
}
