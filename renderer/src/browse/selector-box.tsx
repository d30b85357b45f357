import { useId, type KeyboardEvent, type RefObject } from "react";
import { MAX_SELECTOR_LENGTH } from "@loupe/studio/common";
import { matchSummary, useSelectorMatch } from "./use-selector-match.js";

/**
 * A selector tried on the live page as it is typed: CSS, an XPath (`//…`, `xpath=…`) or a chain act
 * returns. It says how many elements match and the live view outlines them; Esc empties it.
 */
export function SelectorBox({
  value,
  onChange,
  pageKey,
  inputRef,
}: {
  value: string;
  onChange: (selector: string) => void;
  /** Changes when the active tab navigates or another becomes active: the selector is matched again. */
  pageKey: string;
  inputRef?: RefObject<HTMLInputElement | null>;
}) {
  const id = useId();
  const match = useSelectorMatch(value, pageKey);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Escape" && value) {
      event.preventDefault();
      onChange("");
    }
  };
  return (
    <div className="selector-box">
      <label htmlFor={id}>Selector</label>
      <input
        id={id}
        ref={inputRef}
        type="text"
        aria-label="Test a selector"
        aria-describedby={`${id}-status`}
        placeholder="CSS, //XPath or xpath=… chain"
        spellCheck={false}
        autoComplete="off"
        maxLength={MAX_SELECTOR_LENGTH}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <p
        id={`${id}-status`}
        role="status"
        className={match.kind === "failed" ? "selector-status failed" : "selector-status"}
      >
        {matchSummary(match)}
      </p>
    </div>
  );
}
