/** A JSON value as a collapsible tree with copy (placeholder: plain text until the tree lands). */
export function JsonTree({ value, label }: { value: unknown; label?: string }) {
  return (
    <pre className="json-tree" aria-label={label ?? "JSON result"}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
