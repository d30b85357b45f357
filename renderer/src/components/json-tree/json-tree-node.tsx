import { useState } from "react";
import { entriesOf, formatJsonPath, formatLeaf, type JsonPathStep } from "./json-path.js";

/** How many children a container shows at a time: a 10,000-row array never becomes 10,000 rows at once. */
export const PAGE_SIZE = 100;
/** Containers bigger than this start collapsed, whatever their depth. */
const OPEN_LIMIT = 50;
/** Containers this deep or deeper start collapsed. */
const OPEN_DEPTH = 3;

/** One key and its value; a container lists its children only while open, a page at a time. */
export function JsonTreeNode({
  name,
  value,
  path,
  onCopy,
}: {
  name: JsonPathStep | undefined;
  value: unknown;
  path: readonly JsonPathStep[];
  onCopy: (what: string, text: string) => void;
}) {
  const entries = entriesOf(value);
  const [open, setOpen] = useState(
    () => entries !== undefined && entries.length <= OPEN_LIMIT && path.length < OPEN_DEPTH,
  );
  const [shown, setShown] = useState(PAGE_SIZE);
  const pathText = formatJsonPath(path);
  const key =
    name === undefined ? null : (
      <span className="json-key">{typeof name === "number" ? name : JSON.stringify(name)}: </span>
    );
  const copyButtons = (
    <span className="json-copy">
      <button
        type="button"
        aria-label={`Copy value at ${pathText}`}
        onClick={() => onCopy("value", stringify(value))}
      >
        copy
      </button>
      <button type="button" aria-label={`Copy path ${pathText}`} onClick={() => onCopy("path", pathText)}>
        path
      </button>
    </span>
  );

  if (!entries)
    return (
      <li role="treeitem" aria-selected={false} className="json-row">
        {key}
        <span className={`json-leaf json-${value === null ? "null" : typeof value}`}>
          {formatLeaf(value)}
        </span>
        {copyButtons}
      </li>
    );

  const isArray = Array.isArray(value);
  const summary = isArray
    ? `Array(${entries.length})`
    : `{${entries.length} ${entries.length === 1 ? "key" : "keys"}}`;
  return (
    <li role="treeitem" aria-expanded={open} aria-selected={false} className="json-row">
      <button
        type="button"
        className="json-toggle"
        aria-label={`${open ? "Collapse" : "Expand"} ${pathText}`}
        onClick={() => setOpen(!open)}
      >
        {open ? "▾" : "▸"}
      </button>
      {key}
      <span className="json-summary">{summary}</span>
      {copyButtons}
      {open && (
        <ul role="group" className="json-children">
          {entries.slice(0, shown).map(([step, child]) => (
            <JsonTreeNode key={step} name={step} value={child} path={[...path, step]} onCopy={onCopy} />
          ))}
          {entries.length > shown && (
            <li className="json-more">
              <button type="button" onClick={() => setShown(shown + PAGE_SIZE)}>
                Show {Math.min(PAGE_SIZE, entries.length - shown)} more of {entries.length - shown} left in{" "}
                {pathText}
              </button>
            </li>
          )}
        </ul>
      )}
    </li>
  );
}

function stringify(value: unknown): string {
  return value === undefined ? "undefined" : JSON.stringify(value, null, 2);
}
