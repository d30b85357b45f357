/** Headers as undici reports them: lower-case names, an array for a header sent more than once. */
export type RawHeaders = Record<string, string | string[] | undefined>;

/**
 * The target's response headers as one string per name, for the API's `headers` map. Names are lower case
 * (HTTP names are case-insensitive and Node reports them so). A header sent several times is joined with
 * ", ", which is how HTTP itself says it may be combined (RFC 9110 §5.3) — except `set-cookie`, whose values
 * contain commas (in `Expires`) and so are joined with "\n", one cookie per line.
 */
export function flattenHeaders(headers: RawHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const separator = name === "set-cookie" ? "\n" : ", ";
    flat[name] = Array.isArray(value) ? value.join(separator) : value;
  }
  return flat;
}

/** One header's value as a single string, `undefined` when absent (repeated values joined with ", "). */
export function headerValue(headers: RawHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}
