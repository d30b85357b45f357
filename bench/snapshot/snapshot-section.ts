/**
 * The snapshot bench: Loupe's `client.extract()` (cold and warm) against Stagehand 3.7.3's `extract()`,
 * Stagehand 4.4.0's `page.snapshot()` and two raw CDP floors, on the frames/shadow fixture, catalogs of
 * 1k to 30k cards and the Readability corpus; then model requests per structured extract.
 */
import { Stagehand } from "@browserbasehq/stagehand";
import { localBrowser, Stagehand as Stagehand4, type StagehandBrowser } from "stagehand4";
import { Client } from "@loupe/core";
import { existsSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { startModelServer, type ModelServer } from "../../test/support/model-server.js";
import { startPageServers, type PageServers } from "../../test/support/page-server.js";
import type { BenchOptions } from "../bench-options.js";
import type { BenchSection } from "../bench-section.js";
import { RESULTS_DIR } from "../repo-paths.js";
import type { BenchPage } from "./bench-page.js";
import { catalogPage } from "./catalog-page.js";
import { corpusPages, listCorpusCases, READABILITY_DIR, sampleCases } from "./corpus-pages.js";
import { fixturePage } from "./fixture-page.js";
import {
  describeError,
  measurePage,
  READERS,
  TEXT_READERS,
  type MeasureSettings,
  type Reader,
  type TextReader,
  type PageMeasurement,
  type Tools,
} from "./measure-page.js";
import { countModelCalls, type ModelCallCount } from "./model-calls.js";
import { snapshotCsv, snapshotProblems, snapshotTable, snapshotVerdicts } from "./snapshot-report.js";

/**
 * Corpus pages measured when the user names no count. All 130 took about 10 minutes on 2 busy cores
 * (≈ 4 s a page: two loads, three warm-ups, three × 5 timed runs), over the few minutes a routine run
 * should take; 40 pages spread over the list keep the whole bench near 4 minutes. `--pages all`
 * measures every page.
 */
const DEFAULT_CORPUS_PAGES = 40;

/** Catalog sizes, in cards: the growth from the first to the last says whether the time is linear. */
const CATALOG_SIZES = [1_000, 3_000, 10_000, 30_000];

const SETTINGS: Omit<MeasureSettings, "runs" | "readers"> = {
  loadTimeoutMs: 30_000,
  callTimeoutMs: 60_000,
  readerBudgetMs: 20_000,
};

export const snapshotSection: BenchSection = {
  name: "snapshot",
  title: "Snapshot: Loupe vs Stagehand 3.7.3 and 4.4.0 vs the raw CDP floors",
  async run(options) {
    const servers = await startPageServers();
    const model = await startModelServer();
    const client = new Client({ disablePino: true, localBrowser: localBrowserOptions() });
    let stagehand3: Stagehand | undefined;
    let stagehand4: Stagehand4Run | undefined;
    try {
      const readers = askedReaders(options);
      await client.init();
      if (readers.has("stagehand3")) stagehand3 = await startStagehand(client, model);
      if (readers.has("stagehand4")) stagehand4 = await startStagehand4();
      const tools: Tools = { client, stagehand3, stagehand4: stagehand4?.browser };
      // Stagehand 4's browser can die on a big page; the pages after it get a new one, not "failed".
      const restartStagehand4 = async (): Promise<void> => {
        await stopStagehand4(stagehand4);
        stagehand4 = await startStagehand4();
        tools.stagehand4 = stagehand4?.browser;
      };
      await measureAll(options, servers, model, tools, restartStagehand4);
    } finally {
      await stagehand3?.close().catch(() => {});
      await stopStagehand4(stagehand4);
      await client.close().catch(() => {});
      await model.close();
      await servers.close();
    }
  },
};

/** The readers `--readers` names (all without it); an unknown name stops the run, naming the known ones. */
function askedReaders(options: BenchOptions): ReadonlySet<Reader> {
  if (!options.readers.length) return new Set(READERS);
  const unknown = options.readers.filter((name) => !(READERS as readonly string[]).includes(name));
  if (unknown.length)
    throw new Error(
      `--readers: unknown reader ${unknown.join(", ")}; the readers are ${READERS.join(", ")}.`,
    );
  return new Set(options.readers as Reader[]);
}

async function measureAll(
  options: BenchOptions,
  servers: PageServers,
  model: ModelServer,
  tools: Tools,
  restartStagehand4: () => Promise<void>,
): Promise<void> {
  const fixture = await fixturePage(servers);
  const catalogs = (options.catalogs ?? CATALOG_SIZES).map((cards) => catalogPage(servers, cards));
  const corpus = await selectCorpus(options, servers, tools.client);
  const settings: MeasureSettings = { ...SETTINGS, runs: options.runs, readers: askedReaders(options) };

  console.log(
    `Medians of ${options.runs} timed runs per page and reader (fewer, never under 3, for a reader slower than ` +
      `${SETTINGS.readerBudgetMs / 1000} s a page), after one untimed warm-up call; fresh tabs per page.\n` +
      "- Loupe: `client.extract({ page })` (page text of every frame and shadow root), cold: the page's DOM is\n" +
      "  touched (untimed) before each run, so no run is answered from the last capture.\n" +
      "- Loupe warm: the same call right after an untimed one, on the unchanged page.\n" +
      "- Stagehand 3.7.3: `stagehand.extract({ page })` (its pageText), attached to Loupe's Chromium over CDP.\n" +
      "- Stagehand 4.4.0: `page.snapshot({ includeIframes: true })` (its formattedTree), in a Chromium of the same\n" +
      "  binary that `localBrowser.launch()` starts with its extension.\n" +
      "- AX floor: `Accessibility.getFullAXTree` then `DOM.getDocument({depth: -1, pierce: true})`, timed together;\n" +
      "  DOM floor: `DOMSnapshot.captureSnapshot`; both on the page's main target only (no out-of-process frames),\n" +
      "  through a Playwright CDP session on Loupe's tab.\n" +
      "- tokens: o200k_base. known: whitespace-normalised substrings found / expected.\n",
  );
  const pages = [fixture, ...catalogs, ...corpus];
  const results: PageMeasurement[] = [];
  for (const [i, page] of pages.entries()) {
    const m = await measurePage(page, tools, settings);
    results.push(m);
    process.stderr.write(`  [${i + 1}/${pages.length}] ${progressLine(m)}\n`);
    if (m.stagehand4.error && BROWSER_GONE.test(m.stagehand4.error)) {
      m.notes.push("Stagehand 4's browser closed on this page; it was restarted for the next one");
      await restartStagehand4();
    }
  }
  const modelCalls = await countModelCalls(fixture, tools, model).catch((error: unknown) => {
    const failed: ModelCallCount = { requests: 0, error: describeError(error) };
    return { loupe: failed, stagehand: failed };
  });

  const single = results.slice(0, 1 + catalogs.length);
  const corpusResults = results.slice(single.length);
  console.log(snapshotTable(single, corpusResults));
  const problems = snapshotProblems(results);
  if (problems.length) console.log(`\nFailures and notes:\n${problems.map((p) => `- ${p}`).join("\n")}`);
  const files = await writeResults(results);
  console.log(`\nPer-page results: ${files.csv}\nSnapshots and missing values: ${files.details}`);
  console.log(`\nTargets:\n${snapshotVerdicts(single, corpusResults, modelCalls)}`);
}

async function selectCorpus(
  options: BenchOptions,
  servers: PageServers,
  client: Client,
): Promise<BenchPage[]> {
  const cases = await listCorpusCases();
  if (!cases.length) {
    console.log(
      `Corpus skipped: ${READABILITY_DIR} is absent (it is read in place, never copied into the repo).\n`,
    );
    return [];
  }
  const unknown = options.corpusNames.filter((name) => !cases.includes(name));
  if (unknown.length) console.log(`No corpus page named ${unknown.join(", ")}.`);
  const chosen = options.corpusNames.length
    ? cases.filter((name) => options.corpusNames.includes(name))
    : sampleCases(cases, options.allCorpusPages ? undefined : (options.corpusLimit ?? DEFAULT_CORPUS_PAGES));
  const defaulted =
    !options.allCorpusPages && !options.corpusNames.length && options.corpusLimit === undefined;
  console.log(
    chosen.length === cases.length
      ? `Corpus: all ${cases.length} Readability pages.`
      : `Corpus: ${chosen.length} of ${cases.length} Readability pages` +
          (options.corpusNames.length ? "." : ", spread evenly over the sorted list") +
          (defaulted
            ? ` (default subset, to keep the run to a few minutes; --pages all for every page).`
            : "."),
  );
  // The expected articles are parsed in the client's first tab, which the bench never measures.
  return corpusPages(servers, chosen, client.context.pages()[0]!);
}

async function startStagehand(client: Client, model: ModelServer): Promise<Stagehand | undefined> {
  const stagehand = new Stagehand({
    env: "LOCAL",
    localBrowserLaunchOptions: { cdpUrl: client.connectURL() },
    disablePino: true,
    verbose: 0,
    logger: () => {},
    model: { modelName: "openai/gpt-4.1-mini", apiKey: "bench", baseURL: model.baseURL },
  });
  try {
    await stagehand.init();
    return stagehand;
  } catch (error) {
    console.log(`Stagehand did not start (${describeError(error)}); its columns will say "failed".\n`);
    return undefined;
  }
}

/** Stagehand 4's errors once its browser or the connection to it is gone. */
const BROWSER_GONE =
  /connection closed|RPC client is closed|Target closed|browser has been closed|disconnected/i;

/** Stagehand 4 and the browser it runs in. */
interface Stagehand4Run {
  stagehand: Stagehand4;
  browser: StagehandBrowser;
}

async function stopStagehand4(run: Stagehand4Run | undefined): Promise<void> {
  await run?.stagehand.close().catch(() => {});
  await run?.browser.close().catch(() => {});
}

/**
 * Stagehand 4 in its own browser: `localBrowser.launch()` starts the same Chromium binary with Stagehand's
 * extension loaded (the extension is where its snapshot runs).
 */
async function startStagehand4(): Promise<Stagehand4Run | undefined> {
  let browser: StagehandBrowser | undefined;
  try {
    browser = await localBrowser.launch({
      ...localBrowserOptions(),
      headless: true,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
      ],
    });
    // The model is never called: the bench times `page.snapshot()` only.
    const stagehand = await Stagehand4.create({
      browser,
      model: { modelName: "openai/gpt-4.1-mini", apiKey: "bench" },
      logging: { level: "off" },
    });
    return { stagehand, browser };
  } catch (error) {
    await browser?.close().catch(() => {});
    console.log(`Stagehand 4 did not start (${describeError(error)}); its columns will say "failed".\n`);
    return undefined;
  }
}

/** Use the system Chromium when there is one and the user has not named another (LOUPE_CHROMIUM_PATH). */
function localBrowserOptions(): { executablePath?: string } {
  if (process.env["LOUPE_CHROMIUM_PATH"] || !existsSync("/usr/bin/chromium")) return {};
  return { executablePath: "/usr/bin/chromium" };
}

function progressLine(m: PageMeasurement): string {
  const cell = (reader: Reader) => (m[reader].error ? "failed" : `${m[reader].medianMs?.toFixed(1)} ms`);
  return `${m.page.name}: ${READERS.map((reader) => `${reader} ${cell(reader)}`).join(", ")}`;
}

/** Writes the CSV, each snapshot's text and the values each snapshot missed; frees the texts. */
async function writeResults(results: PageMeasurement[]): Promise<{ csv: string; details: string }> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const csv = join(RESULTS_DIR, "snapshot.csv");
  await writeFile(csv, snapshotCsv(results));
  const snapshots = join(RESULTS_DIR, "snapshots");
  await rm(snapshots, { recursive: true, force: true });
  await mkdir(snapshots, { recursive: true });
  const missing: Record<string, Partial<Record<TextReader, string[]>>> = {};
  for (const m of results) {
    for (const reader of TEXT_READERS) {
      const text = m[reader].text;
      if (text !== undefined) await writeFile(join(snapshots, `${m.page.name}.${reader}.txt`), text);
      m[reader].text = undefined;
      if (m[reader].known?.missing.length) (missing[m.page.name] ??= {})[reader] = m[reader].known!.missing;
    }
  }
  await writeFile(join(RESULTS_DIR, "snapshot-missing.json"), JSON.stringify(missing, null, 2) + "\n");
  return { csv, details: `${snapshots}/, ${join(RESULTS_DIR, "snapshot-missing.json")}` };
}
