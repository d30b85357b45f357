/**
 * `text` without the characters of `set` at either end: a loop where a regex pair (`^[…]+|[…]+$`) would
 * retry its end match from every position of a long run of them inside the text.
 */
export function trimEnds(text: string, set: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && set.includes(text[start]!)) start++;
  while (end > start && set.includes(text[end - 1]!)) end--;
  return text.slice(start, end);
}
