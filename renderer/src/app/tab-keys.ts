import type { KeyboardEvent } from "react";

/**
 * Arrow keys across a tab list (WAI-ARIA tabs pattern, automatic activation): Left/Right move to the
 * previous/next tab, wrapping, Home/End to the first/last. Returns the index to select, or undefined
 * when the key is not one of them. Only the selected tab is in the Tab order (roving tabindex), so Tab
 * leaves the list instead of walking every tab.
 */
export function tabKeyTarget(key: string, index: number, count: number): number | undefined {
  if (count === 0) return undefined;
  if (key === "ArrowRight") return (index + 1) % count;
  if (key === "ArrowLeft") return (index - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return undefined;
}

/** The keydown handler of a tab list whose tabs are its `[role=tab]` children, in order. */
export function onTabListKey(event: KeyboardEvent<HTMLElement>, select: (index: number) => void): void {
  const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')];
  const index = tabs.indexOf(event.target as HTMLElement);
  if (index < 0) return;
  const target = tabKeyTarget(event.key, index, tabs.length);
  if (target === undefined) return;
  event.preventDefault();
  tabs[target]?.focus();
  select(target);
}
