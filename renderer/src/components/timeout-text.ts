/** A timeout field's text as milliseconds: a whole number above 0, else none (the field shows why). */
export function timeoutOf(text: string): number | undefined {
  const value = Number(text);
  return text.trim() !== "" && Number.isInteger(value) && value > 0 ? value : undefined;
}
