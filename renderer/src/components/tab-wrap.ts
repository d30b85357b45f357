/**
 * Where Tab goes in a focus trap of `count` elements when focus is at `index` (-1: on none of them):
 * the other end when it would leave the trap, undefined when the browser's own move stays inside.
 */
export function wrappedTabTarget(index: number, count: number, backwards: boolean): number | undefined {
  if (count === 0) return undefined;
  if (index < 0) return backwards ? count - 1 : 0;
  if (backwards && index === 0) return count - 1;
  if (!backwards && index === count - 1) return 0;
  return undefined;
}
