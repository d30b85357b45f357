/**
 * Measures one page with every reader: load it in fresh tabs, take one untimed warm-up snapshot per
 * reader (its text gives tokens and known values), then the timed runs, interleaved and in a rotating
 * order so no reader always goes first. A reader that fails is recorded, not thrown.
 */
import type { Stagehand } from "@browserbasehq/stagehand";
import type { Client } from "@loupe/core";
import type { StagehandBrowser } from "stagehand4";
import { median } from "../stats.js";
import { withTimeout } from "../with-timeout.js";
import type { BenchPage } from "./bench-page.js";
import { checkKnownValues, normalizeWhitespace, type KnownValueCheck } from "./known-values.js";
import { snapshotTokens } from "./snapshot-tokens.js";
import {
  coldLoupe,
  openAxFloor,
  openDomFloor,
  openLoupeTab,
  openStagehand4Tab,
  openStagehandTab,
  warmLoupe,
  type LoupeTab,
  type SnapshotTab,
} from "./snapshot-tabs.js";
import { openWalkFloor } from "./walk-floor.js";

/**
 * `loupe`: a cold read (the page changed since the last one); `loupeWarm`: a second read of the unchanged
 * page; the two Stagehands; `axFloor`: `Accessibility.getFullAXTree` + `DOM.getDocument`; `walkFloor`: an
 * in-page walk gathering what the engine reads (the other engine design, see walk-floor.ts); `domFloor`:
 * `DOMSnapshot.captureSnapshot`.
 */
export const READERS = [
  "loupe",
  "loupeWarm",
  "stagehand3",
  "stagehand4",
  "axFloor",
  "domFloor",
  "walkFloor",
] as const;
export type Reader = (typeof READERS)[number];
/** The readers whose text is kept, counted in tokens and checked for the known values. */
export const TEXT_READERS = ["loupe", "stagehand3", "stagehand4"] as const;
export type TextReader = (typeof TEXT_READERS)[number];

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
  /**
   * The page's known values that its loaded tab renders: a corpus page's values come from its saved
   * HTML, and a page may hide some of that text (a paywall's styles), which no reader can then show.
   */
  knownValues: readonly string[];
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
  /** The readers measured; the others get no tab and say so. */
  readers: ReadonlySet<Reader>;
}

/** The cell of a reader left out with `--readers`. */
export const NOT_ASKED = "not measured (--readers)";

/** Runs a reader gets however slow its warm-up was (if the user asked for that many). */
const MIN_RUNS = 3;

/** Post-load scripts of real pages (lazy content, consent banners) get this long to finish. */
const SETTLE_MS = 250;

/** The tools under test; a Stagehand is absent when it failed to start (its cells then say so). */
export interface Tools {
  client: Client;
  stagehand3: Stagehand | undefined;
  stagehand4: StagehandBrowser | undefined;
}

export async function measurePage(
  page: BenchPage,
  tools: Tools,
  settings: MeasureSettings,
): Promise<PageMeasurement> {
  const result: PageMeasurement = {
    page,
    knownValues: page.knownValues,
    loadMs: undefined,
    notes: [],
    loupe: emptyResult(),
    loupeWarm: emptyResult(),
    stagehand3: emptyResult(),
    stagehand4: emptyResult(),
    axFloor: emptyResult(),
    domFloor: emptyResult(),
    walkFloor: emptyResult(),
  };
  const tabs = new Map<Reader, SnapshotTab>();
  // Readers still being timed; a reader that failed leaves this set but keeps its tab until the end.
  const timing = new Set<Reader>();
  try {
    const loadStarted = performance.now();
    const loupeTab = await openTabs(page, tools, settings, result, tabs);
    result.loadMs = performance.now() - loadStarted;
    for (const reader of tabs.keys()) timing.add(reader);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    if (loupeTab && page.kind === "corpus") await keepRenderedValues(loupeTab, result);
    const runsFor = new Map<Reader, number>();
    for (const reader of READERS) {
      const tab = tabs.get(reader);
      if (!tab || !timing.has(reader)) continue;
      try {
        const started = performance.now();
        const text = await withTimeout(tab.snapshot(), settings.callTimeoutMs, `${reader} snapshot`);
        const warmUpMs = performance.now() - started;
        runsFor.set(reader, runsWithinBudget(settings, warmUpMs));
        if (isTextReader(reader)) {
          result[reader].text = text;
          result[reader].tokens = snapshotTokens(text);
          result[reader].known = checkKnownValues(text, result.knownValues);
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
          if (tab.beforeRun)
            await withTimeout(tab.beforeRun(), settings.callTimeoutMs, `${reader} preparation`);
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
    // The floors' sessions live on Loupe's tab: detach them before that tab goes.
    for (const reader of [
      "axFloor",
      "domFloor",
      "walkFloor",
      "loupeWarm",
      "loupe",
      "stagehand3",
      "stagehand4",
    ] as const)
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
): Promise<LoupeTab | undefined> {
  // Every tab loads at once (loading is not timed); each call has its own deadline on top of goto's.
  const loadTimeoutMs = page.loadTimeoutMs ?? settings.loadTimeoutMs;
  const deadline = loadTimeoutMs + 5_000;
  const open = <T>(tool: T | undefined, name: string, opening: (tool: T) => Promise<SnapshotTab>) =>
    tool
      ? withTimeout(opening(tool), deadline, `loading ${name}'s tab`)
      : Promise.reject(new Error(`${name} did not start`));
  const asked = (reader: Reader) => settings.readers.has(reader);
  for (const reader of READERS) if (!asked(reader)) result[reader].error = NOT_ASKED;
  const [loupe, stagehand3, stagehand4] = await Promise.allSettled([
    withTimeout(openLoupeTab(tools.client, page.url, loadTimeoutMs), deadline, "loading Loupe's tab"),
    asked("stagehand3")
      ? open(tools.stagehand3, "Stagehand 3", (s) => openStagehandTab(s, page.url, loadTimeoutMs))
      : Promise.resolve(undefined),
    asked("stagehand4")
      ? open(tools.stagehand4, "Stagehand 4", (b) => openStagehand4Tab(b, page.url, loadTimeoutMs))
      : Promise.resolve(undefined),
  ]);
  for (const [reader, opened] of [
    ["stagehand3", stagehand3],
    ["stagehand4", stagehand4],
  ] as const) {
    if (!asked(reader)) continue;
    if (opened.status === "fulfilled" && opened.value) tabs.set(reader, opened.value);
    else if (opened.status === "rejected") result[reader].error = `load: ${describeError(opened.reason)}`;
  }
  if (loupe.status === "rejected") {
    for (const reader of ["loupe", "loupeWarm"] as const)
      if (asked(reader)) result[reader].error = `load: ${describeError(loupe.reason)}`;
    for (const reader of ["axFloor", "domFloor", "walkFloor"] as const)
      if (asked(reader)) result[reader].error = "load failed in Loupe's tab, which the floors read";
    return undefined;
  }
  const loupeTab: LoupeTab = loupe.value;
  // Loupe's tab opens whatever was asked: the floors read through it.
  if (asked("loupe")) tabs.set("loupe", coldLoupe(loupeTab));
  if (asked("loupeWarm")) tabs.set("loupeWarm", warmLoupe(loupeTab));
  if (loupeTab.page.url() !== page.url) result.notes.push(`the page navigated to ${loupeTab.page.url()}`);
  for (const [reader, opening] of [
    ["axFloor", openAxFloor],
    ["domFloor", openDomFloor],
    ["walkFloor", openWalkFloor],
  ] as const) {
    if (!asked(reader)) continue;
    try {
      tabs.set(reader, await opening(loupeTab));
    } catch (error) {
      result[reader].error = `CDP session: ${describeError(error)}`;
    }
  }
  return loupeTab;
}

/**
 * Keeps the known values the loaded page renders (its body's `innerText`, which leaves out what CSS
 * hides); the others are named in a note and counted for no reader. Only for corpus pages, whose values
 * all live in the top document's body (the fixture's are in frames and shadow roots, which `innerText`
 * does not reach).
 */
async function keepRenderedValues(loupeTab: LoupeTab, result: PageMeasurement): Promise<void> {
  let rendered: string;
  try {
    rendered = normalizeWhitespace(
      await loupeTab.page.evaluate<string>(
        `(document.title || "") + " " + (document.body ? document.body.innerText : "")`,
      ),
    );
  } catch (error) {
    result.notes.push(
      `could not read the page's rendered text, so every known value counts: ${describeError(error)}`,
    );
    return;
  }
  const hidden = result.knownValues.filter((value) => !rendered.includes(normalizeWhitespace(value)));
  if (!hidden.length) return;
  result.knownValues = result.knownValues.filter((value) => !hidden.includes(value));
  result.notes.push(
    `${hidden.length} known value(s) the loaded page does not render, not counted for any reader`,
  );
}

function isTextReader(reader: Reader): reader is TextReader {
  return (TEXT_READERS as readonly Reader[]).includes(reader);
}

/** A slow reader gets fewer runs, but never fewer than three (a median of one sample is noise). */
function runsWithinBudget(settings: MeasureSettings, warmUpMs: number): number {
  const affordable = Math.floor(settings.readerBudgetMs / Math.max(warmUpMs, 1));
  return Math.min(settings.runs, Math.max(MIN_RUNS, affordable));
}

function fail(result: PageMeasurement, timing: Set<Reader>, reader: Reader, error: unknown): void {
  result[reader].error = describeError(error);
  result[reader].timesMs = [];
  // Stop timing it. Its tab is closed with the others at the end: Loupe's tab also carries the floors'
  // sessions, which must not die because Loupe failed.
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
