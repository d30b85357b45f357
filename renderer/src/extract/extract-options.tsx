import { useState } from "react";
import { TimeoutField } from "../components/timeout-field.js";
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
      <TimeoutField timeout={options.timeout} onChange={(timeout) => set("timeout", timeout)} />
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
