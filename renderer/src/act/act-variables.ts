/**
 * act's variables in the UI: `%name%` rows whose values live only in this window's memory. They go to the
 * service with each run, and nowhere else: not in the history (which keeps names), not in a saved
 * workspace, not in exported code (which reads them from the environment).
 */

/** One `%name%` placeholder and its value. */
export interface VariableRow {
  name: string;
  value: string;
}

/** What act accepts as a placeholder name (as `@loupe/core` does). */
const PLACEHOLDER = /%([A-Za-z_][\w-]*)%/g;

/** Whether a name can be a `%placeholder%`: letters, digits, `_` and `-`, not starting with a digit. */
export function isVariableName(name: string): boolean {
  return /^[A-Za-z_][\w-]*$/.test(name);
}

/** The placeholder names written in a text, each once, in order. */
export function placeholderNames(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? ""))];
}

/** The rows with a name, as act's `variables` (undefined when there are none). */
export function variablesOf(rows: VariableRow[]): Record<string, string> | undefined {
  const named = rows.filter((row) => row.name.trim());
  return named.length ? Object.fromEntries(named.map((row) => [row.name.trim(), row.value])) : undefined;
}

/**
 * The values a rerun needs, from the rows: `{ variables }` when every name has a row, else the names that
 * have none (the history never kept their values).
 */
export function valuesFor(
  names: string[],
  rows: VariableRow[],
): { variables: Record<string, string> } | { missing: string[] } {
  const given = variablesOf(rows) ?? {};
  const missing = names.filter((name) => !Object.hasOwn(given, name));
  if (missing.length) return { missing };
  return { variables: Object.fromEntries(names.map((name) => [name, given[name]!])) };
}
