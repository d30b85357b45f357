/**
 * Keystroke latency of the Studio's snapshot find on a page of 15,000+ snapshot lines, as a person
 * typing sees it: from the keydown event's timestamp (so the time the key waited for a busy main thread
 * counts) until a frame has been painted with the count for what is now typed. Each key is typed after
 * the previous one's count is painted plus a pause, like a person typing at ~5 keys a second. The count
 * shown is checked against the snapshot text counted here, so a fast but wrong answer is an error.
 */
import type { Page } from "playwright-core";
import type { WebStudio } from "../electron/src/node/web-studio.js";
import { readProbes } from "./studio-probes.js";

/** What is typed: 16 characters, then 4 Backspaces. */
const TYPED = "walnut desk lamp";
const BACKSPACES = 4;
const PAUSE_MS = 200;

export interface SnapshotSearchTiming {
  /** Lines in the snapshot the panel showed. */
  lines: number;
  /** keydown → count painted, per keystroke. */
  latencies: number[];
  /** The longest main-thread task while typing. */
  longestTaskMs: number;
}

/**
 * Runs in the UI: for every keydown in the search, waits for the first frame at which the count is no
 * longer busy (the search has caught up with the input), then for that frame to be painted (a task
 * queued from its animation-frame callback runs after the paint), and records the time since the event.
 * A string, not a function: see the probe script in `studio-probes.ts`.
 */
const RECORDER = `(() => {
  const input = document.querySelector('input[aria-label="Search the snapshot"]');
  if (!input) throw new Error("no snapshot search in the UI");
  const samples = [];
  window.__findBench = samples;
  input.addEventListener("keydown", (event) => {
    const typedAt = event.timeStamp;
    const check = () => {
      const count = document.querySelector(".snapshot-matches");
      const caughtUp = input.value.trim() === ""
        ? !count
        : count && count.getAttribute("aria-busy") !== "true" && count.textContent !== "";
      if (!caughtUp) return requestAnimationFrame(check);
      setTimeout(() => samples.push({
        ms: performance.now() - typedAt,
        value: input.value,
        count: count ? count.textContent : "",
      }), 0);
    };
    requestAnimationFrame(check);
  }, true);
})()`;

/** Occurrences of the query in the text, case-insensitive, counted apart from the UI's own code. */
function occurrences(text: string, query: string): number {
  const needle = query.trim().toLowerCase();
  return needle ? text.toLowerCase().split(needle).length - 1 : 0;
}

/** The count the panel should show for that many occurrences, as far as it does not depend on the step. */
function countMatches(shown: string, count: number): boolean {
  if (count === 0) return shown === "No matches";
  if (count === 1) return shown === "1 match";
  return shown.endsWith(` of ${count.toLocaleString("en-US")}`);
}

/** Opens the Snapshot panel on `url` (already loaded in the Studio's tab) and types into its search. */
export async function measureSnapshotSearch(
  ui: Page,
  studio: WebStudio,
  minLines: number,
): Promise<SnapshotSearchTiming> {
  await ui.getByRole("tab", { name: "Snapshot", exact: true }).click();
  const firstRow = ui.locator('ol[aria-label="Snapshot"] li').first();
  const until = Date.now() + 120_000;
  let lines = 0;
  while ((lines = Number(await firstRow.getAttribute("aria-setsize").catch(() => 0))) < minLines) {
    if (Date.now() > until) throw new Error(`the snapshot panel never showed ${minLines} lines`);
    await ui.waitForTimeout(250);
  }
  const { text } = await studio.service.handlers["snapshot.get"]({});
  const search = ui.getByRole("searchbox", { name: "Search the snapshot" });
  await search.fill("");
  await search.focus();
  await ui.evaluate(RECORDER);
  await ui.waitForTimeout(1_000);
  const from = Date.now();

  const keys = [...TYPED, ...Array<string>(BACKSPACES).fill("Backspace")];
  for (const [i, key] of keys.entries()) {
    await ui.keyboard.press(key === " " ? "Space" : key);
    await ui.waitForFunction(`window.__findBench.length > ${i}`, undefined, {
      timeout: 30_000,
      polling: 20,
    });
    await ui.waitForTimeout(PAUSE_MS);
  }
  const samples = (await ui.evaluate("window.__findBench")) as {
    ms: number;
    value: string;
    count: string;
  }[];
  for (const sample of samples) {
    const expected = occurrences(text, sample.value);
    if (!countMatches(sample.count, expected))
      throw new Error(
        `the find showed "${sample.count}" for "${sample.value}", where the snapshot has ${expected}`,
      );
  }
  const { longTasks } = await readProbes(ui);
  return {
    lines,
    latencies: samples.map((s) => s.ms),
    longestTaskMs: Math.max(0, ...longTasks.filter((t) => t.start >= from).map((t) => t.duration)),
  };
}
