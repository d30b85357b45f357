/**
 * Measures one page with the three readers: load it in fresh tabs, take one untimed warm-up snapshot
 * per reader (its text gives tokens and known values), then the timed runs, interleaved and in a
 * rotating order so no reader always goes first. A reader that fails is recorded, not thrown.
 */
import type { Stagehand } from "@browserbasehq/stagehand";
import type { Client } from "@loupe/core";
import { median } from "../stats.js";
import { withTimeout } from "../with-timeout.js";
import type { BenchPage } from "./bench-page.js";
import { checkKnownValues, type KnownValueCheck } from "./known-values.js";
import { snapshotTokens } from "./snapshot-tokens.js";
import {
  openFloor,
  openLoupeTab,
  openStagehandTab,
  type LoupeTab,
  type SnapshotTab,
} from "./snapshot-tabs.js";

export const READERS = ["loupe", "stagehand", "floor"] as const;
export type Reader = (typeof READERS)[number];

/** What one reader gave on one page. */
export interface ReaderResult {
  timesMs: number[];
  medianMs: number | undefined;
  tokens: number | undefined;
  known: KnownValueCheck | undefined;
  /** The snapshot text of the warm-up call (kept so the section can save it for inspection). */
  text: string | undefined;
  /** Why this reader has no numbers for the page. */
  error: string | undefined;
}

export type PageMeasurement = {
  page: BenchPage;
  /** How long both tabs took to reach their load event (not part of any snapshot time). */
  loadMs: number | undefined;
  notes: string[];
} & Record<Reader, ReaderResult>;

/** Limits that keep one slow or stuck page from taking the run down with it. */
export interface MeasureSettings {
  runs: number;
  loadTimeoutMs: number;
  callTimeoutMs: number;
  /** A reader whose warm-up shows it would need more than this for all runs gets fewer (≥ 3) runs. */
  readerBudgetMs: number;
}

/** Runs a reader gets however slow its warm-up was (if the user asked for that many). */
const MIN_RUNS = 3;

/** Post-load scripts of real pages (lazy content, consent banners) get this long to finish. */
const SETTLE_MS = 250;

/** The tools under test; Stagehand is absent when it failed to start (its cells then say so). */
export interface Tools {
  client: Client;
  stagehand: Stagehand | undefined;
}

export async function measurePage(
  page: BenchPage,
  tools: Tools,
  settings: MeasureSettings,
): Promise<PageMeasurement> {
  const result: PageMeasurement = {
    page,
    loadMs: undefined,
    notes: [],
    loupe: emptyResult(),
    stagehand: emptyResult(),
    floor: emptyResult(),
  };
  const tabs = new Map<Reader, SnapshotTab>();
  // Readers still being timed; a reader that failed leaves this set but keeps its tab until the end.
  const timing = new Set<Reader>();
  try {
    const loadStarted = performance.now();
    await openTabs(page, tools, settings, result, tabs);
    result.loadMs = performance.now() - loadStarted;
    for (const reader of tabs.keys()) timing.add(reader);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const runsFor = new Map<Reader, number>();
    for (const reader of READERS) {
      const tab = tabs.get(reader);
      if (!tab || !timing.has(reader)) continue;
      try {
        const started = performance.now();
        const text = await withTimeout(tab.snapshot(), settings.callTimeoutMs, `${reader} snapshot`);
        const warmUpMs = performance.now() - started;
        runsFor.set(reader, runsWithinBudget(settings, warmUpMs));
        if (reader !== "floor") {
          result[reader].text = text;
          result[reader].tokens = snapshotTokens(text);
          result[reader].known = checkKnownValues(text, page.knownValues);
        }
      } catch (error) {
        fail(result, timing, reader, error);
      }
    }
    for (let run = 0; run < settings.runs; run++) {
      for (const reader of rotate(READERS, run)) {
        const tab = tabs.get(reader);
        if (!tab || !timing.has(reader) || result[reader].timesMs.length >= (runsFor.get(reader) ?? 0))
          continue;
        try {
          const started = performance.now();
          await withTimeout(tab.snapshot(), settings.callTimeoutMs, `${reader} snapshot`);
          result[reader].timesMs.push(performance.now() - started);
        } catch (error) {
          fail(result, timing, reader, error);
        }
      }
    }
    for (const reader of READERS) {
      if (result[reader].error) continue;
      result[reader].medianMs = median(result[reader].timesMs);
      const runs = result[reader].timesMs.length;
      if (runs < settings.runs) result.notes.push(`${reader}: ${runs} of ${settings.runs} runs (slow)`);
    }
  } finally {
    // The floor's session lives on Loupe's tab: detach it before that tab goes.
    for (const reader of ["floor", "loupe", "stagehand"] as const)
      await tabs
        .get(reader)
        ?.close()
        .catch(() => {});
  }
  return result;
}

async function openTabs(
  page: BenchPage,
  tools: Tools,
  settings: MeasureSettings,
  result: PageMeasurement,
  tabs: Map<Reader, SnapshotTab>,
): Promise<void> {
  // Both tabs load at once (loading is not timed); each call has its own deadline on top of goto's.
  const deadline = settings.loadTimeoutMs + 5_000;
  const [loupe, stagehand] = await Promise.allSettled([
    withTimeout(
      openLoupeTab(tools.client, page.url, settings.loadTimeoutMs),
      deadline,
      "loading Loupe's tab",
    ),
    tools.stagehand
      ? withTimeout(
          openStagehandTab(tools.stagehand, page.url, settings.loadTimeoutMs),
          deadline,
          "loading Stagehand's tab",
        )
      : Promise.reject(new Error("Stagehand did not start")),
  ]);
  if (stagehand.status === "fulfilled") tabs.set("stagehand", stagehand.value);
  else result.stagehand.error = `load: ${describeError(stagehand.reason)}`;
  if (loupe.status === "rejected") {
    result.loupe.error = `load: ${describeError(loupe.reason)}`;
    result.floor.error = "load failed in Loupe's tab, which the floor reads";
    return;
  }
  const loupeTab: LoupeTab = loupe.value;
  tabs.set("loupe", loupeTab);
  if (loupeTab.page.url() !== page.url) result.notes.push(`the page navigated to ${loupeTab.page.url()}`);
  try {
    tabs.set("floor", await openFloor(loupeTab));
  } catch (error) {
    result.floor.error = `CDP session: ${describeError(error)}`;
  }
}

/** A slow reader gets fewer runs, but never fewer than three (a median of one sample is noise). */
function runsWithinBudget(settings: MeasureSettings, warmUpMs: number): number {
  const affordable = Math.floor(settings.readerBudgetMs / Math.max(warmUpMs, 1));
  return Math.min(settings.runs, Math.max(MIN_RUNS, affordable));
}

function fail(result: PageMeasurement, timing: Set<Reader>, reader: Reader, error: unknown): void {
  result[reader].error = describeError(error);
  result[reader].timesMs = [];
  // Stop timing it. Its tab is closed with the others at the end: Loupe's tab also carries the floor's
  // session, which must not die because Loupe failed.
  timing.delete(reader);
}

function rotate<T>(items: readonly T[], by: number): T[] {
  const shift = by % items.length;
  return [...items.slice(shift), ...items.slice(0, shift)];
}

function emptyResult(): ReaderResult {
  return {
    timesMs: [],
    medianMs: undefined,
    tokens: undefined,
    known: undefined,
    text: undefined,
    error: undefined,
  };
}

/** The first line of an error's message, short enough for a table cell. */
export function describeError(error: unknown): string {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const line = message.split("\n")[0] ?? message;
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}
