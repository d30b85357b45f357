import { useCallback, useEffect, useRef, useState } from "react";
import { JsonTreeNode } from "./json-tree-node.js";
import "./json-tree.css";

/**
 * A JSON value as a collapsible tree: copy any value or its path. Big containers start collapsed and
 * list their children a page at a time, so a 10,000-row result renders a handful of rows, not 10,000.
 */
export function JsonTree({ value, label }: { value: unknown; label?: string }) {
  const [copied, setCopied] = useState<string>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onCopy = useCallback((what: string, text: string) => {
    const done = (message: string) => {
      setCopied(message);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(undefined), 2000);
    };
    // The clipboard may be refused (no focus, no permission): say so rather than fail silently.
    navigator.clipboard.writeText(text).then(
      () => done(`Copied ${what}`),
      () => done(`Could not copy the ${what}`),
    );
  }, []);
  const name = label ?? "JSON result";
  return (
    <div className="json-tree">
      <ul role="tree" aria-label={name} className="json-root">
        <JsonTreeNode name={undefined} value={value} path={[]} onCopy={onCopy} />
      </ul>
      <span className="json-copied" role="status">
        {copied}
      </span>
    </div>
  );
}
