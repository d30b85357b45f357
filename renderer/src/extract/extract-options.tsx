import { useEffect, useState } from "react";
import type { Workspace } from "../state/workspace.js";

type Options = Workspace["options"];

/** The run's options: model, timeout, selector (the picker fills it), ignoreSelectors, screenshot. */
export function ExtractOptions({
  options,
  defaultModel,
  onChange,
}: {
  options: Options;
  defaultModel: string | undefined;
  onChange: (options: Options) => void;
}) {
  // Typed as text so "nav, " survives a keystroke; the list is what the options keep.
  const [ignoreText, setIgnoreText] = useState((options.ignoreSelectors ?? []).join(", "));
  // The timeout as typed: "2.5" stays on screen (and invalid, so Run says so) instead of becoming 2.
  const [timeoutText, setTimeoutText] = useState(
    options.timeout === undefined ? "" : String(options.timeout),
  );
  // A timeout put in from outside (a workspace opened, a rerun) replaces the text.
  useEffect(() => {
    setTimeoutText((text) => (timeoutOf(text) === options.timeout ? text : String(options.timeout ?? "")));
  }, [options.timeout]);
  const set = <K extends keyof Options>(key: K, value: Options[K] | undefined) => {
    const next = { ...options };
    if (value === undefined) delete next[key];
    else next[key] = value;
    onChange(next);
  };
  return (
    <fieldset className="extract-options">
      <legend>Options</legend>
      <label>
        Model
        <input
          value={options.model ?? ""}
          placeholder={defaultModel ?? "provider/model"}
          onChange={(e) => set("model", e.target.value.trim() || undefined)}
        />
      </label>
      <label>
        Timeout (ms)
        <input
          type="number"
          min={1}
          step={1}
          value={timeoutText}
          placeholder="none"
          onChange={(e) => {
            setTimeoutText(e.target.value);
            set("timeout", timeoutOf(e.target.value));
          }}
        />
      </label>
      <label className="wide">
        Selector
        <input
          value={options.selector ?? ""}
          placeholder="whole page (pick an element to narrow it)"
          onChange={(e) => set("selector", e.target.value || undefined)}
        />
      </label>
      <label className="wide">
        Ignore selectors
        <input
          value={ignoreText}
          placeholder="comma-separated, e.g. nav, footer"
          onChange={(e) => {
            setIgnoreText(e.target.value);
            const list = e.target.value
              .split(",")
              .map((s) => s.trim())
              .filter(Boolean);
            set("ignoreSelectors", list.length > 0 ? list : undefined);
          }}
        />
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={options.screenshot ?? false}
          onChange={(e) => set("screenshot", e.target.checked || undefined)}
        />
        Send a screenshot
      </label>
    </fieldset>
  );
}

/** A timeout field's text as milliseconds: a whole number above 0, else none (the field shows why). */
function timeoutOf(text: string): number | undefined {
  const value = Number(text);
  return text.trim() !== "" && Number.isInteger(value) && value > 0 ? value : undefined;
}
