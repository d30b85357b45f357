/** One step into a JSON value: an object key or an array index. */
export type JsonPathStep = string | number;

/** A path as a person would type it after the value: `$.books[0].title`, `$["odd key"]`. */
export function formatJsonPath(path: readonly JsonPathStep[]): string {
  return path.reduce<string>((text, step) => {
    if (typeof step === "number") return `${text}[${step}]`;
    return /^[A-Za-z_$][\w$]*$/.test(step) ? `${text}.${step}` : `${text}[${JSON.stringify(step)}]`;
  }, "$");
}

/** The entries of a container, or none for a leaf. */
export function entriesOf(value: unknown): [JsonPathStep, unknown][] | undefined {
  if (Array.isArray(value)) return value.map((item, index) => [index, item]);
  if (value !== null && typeof value === "object") return Object.entries(value);
  return undefined;
}

/** A leaf as one line of JSON (strings quoted, `undefined` named). */
export function formatLeaf(value: unknown): string {
  if (value === undefined) return "undefined";
  if (typeof value === "bigint") return `${value}n`;
  return JSON.stringify(value) ?? String(value);
}
