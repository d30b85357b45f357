import { useEffect, useRef, useState } from "react";
import "./copy-button.css";

const LABELS = { idle: "Copy", copied: "Copied", failed: "Copy failed" } as const;

/**
 * Copies `text` to the clipboard and says so for a moment. Every label is laid out in the same grid
 * cell, the inactive ones hidden, so the button is as wide as its longest label and "Copied" never
 * moves what is beside it.
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<keyof typeof LABELS>("idle");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => setState("copied"),
      () => setState("failed"),
    );
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState("idle"), 1500);
  };
  return (
    <button type="button" className="copy-button" aria-label={label} title={LABELS[state]} onClick={copy}>
      {Object.entries(LABELS).map(([key, text]) => (
        <span key={key} className={key === state ? undefined : "copy-label-hidden"} aria-hidden="true">
          {text}
        </span>
      ))}
    </button>
  );
}
