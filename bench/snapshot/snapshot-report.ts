/** Turns the measurements into the printed table, the per-page CSV and the targets' verdicts. */
import { toCsv } from "../csv.js";
import { markdownTable } from "../markdown-table.js";
import { median, ratio } from "../stats.js";
import type { ModelCallCount } from "./model-calls.js";
import {
  NOT_ASKED,
  READERS,
  TEXT_READERS,
  type PageMeasurement,
  type Reader,
  type TextReader,
} from "./measure-page.js";

/** The peer the targets are set against. */
const PEER: TextReader = "stagehand4";

const HEADER = [
  "page",
  "Loupe ms",
  "Loupe warm ms",
  "Stagehand 3.7.3 ms",
  "Stagehand 4.4.0 ms",
  "AX floor ms",
  "DOMSnapshot ms",
  "in-page walk ms",
  "Loupe ÷ DOMSnapshot",
  "Stagehand 4 ÷ Loupe",
  "Loupe tokens",
  "Stagehand 4 tokens",
  "Loupe ÷ Stagehand 4 tokens",
  "Loupe known",
  "Stagehand 4 known",
];

/** The markdown table: one row per fixture and catalog, one row of medians for the corpus. */
export function snapshotTable(
  single: readonly PageMeasurement[],
  corpus: readonly PageMeasurement[],
): string {
  const rows = single.map(pageRow);
  if (corpus.length) rows.push(corpusRow(corpus));
  return markdownTable(HEADER, rows);
}

function pageRow(m: PageMeasurement): string[] {
  return [
    m.page.name,
    cellMs(m, "loupe"),
    cellMs(m, "loupeWarm"),
    cellMs(m, "stagehand3"),
    cellMs(m, "stagehand4"),
    cellMs(m, "axFloor"),
    cellMs(m, "domFloor"),
    cellMs(m, "walkFloor"),
    times(speedRatio(m, "loupe", "domFloor")),
    times(speedRatio(m, PEER, "loupe")),
    count(m.loupe.tokens, m.loupe.error),
    count(m[PEER].tokens, m[PEER].error),
    times(tokenRatio(m)),
    known(m, "loupe"),
    known(m, PEER),
  ];
}

function corpusRow(pages: readonly PageMeasurement[]): string[] {
  const med = (pick: (m: PageMeasurement) => number | undefined) =>
    median(pages.map(pick).filter((v): v is number => v !== undefined));
  const failed = (reader: Reader) => {
    const n = pages.filter((m) => m[reader].medianMs === undefined).length;
    return n ? ` (${n} failed)` : "";
  };
  const msCell = (reader: Reader) => ms(med((m) => m[reader].medianMs)) + failed(reader);
  return [
    `corpus: median of ${pages.length} pages`,
    msCell("loupe"),
    msCell("loupeWarm"),
    msCell("stagehand3"),
    msCell(PEER),
    msCell("axFloor"),
    msCell("domFloor"),
    msCell("walkFloor"),
    times(med((m) => speedRatio(m, "loupe", "domFloor"))),
    times(med((m) => speedRatio(m, PEER, "loupe"))),
    count(med((m) => m.loupe.tokens)),
    count(med((m) => m[PEER].tokens)),
    times(med(tokenRatio)),
    knownTotal(pages, "loupe"),
    knownTotal(pages, PEER),
  ];
}

/** One CSV row per page (fixture and catalogs included), with raw numbers and any failure. */
export function snapshotCsv(all: readonly PageMeasurement[]): string {
  const header = [
    "kind",
    "page",
    ...READERS.map((r) => `${r}_ms`),
    ...READERS.map((r) => `${r}_runs`),
    "loupe_over_dom_floor",
    "stagehand4_over_loupe",
    "stagehand3_over_loupe",
    ...TEXT_READERS.map((r) => `${r}_tokens`),
    "loupe_over_stagehand4_tokens",
    "known_total",
    ...TEXT_READERS.map((r) => `${r}_known`),
    ...READERS.map((r) => `${r}_error`),
    "load_ms",
    "notes",
  ];
  const round = (v: number | undefined, digits: number) => (v === undefined ? undefined : v.toFixed(digits));
  const rows = all.map((m) => [
    m.page.kind,
    m.page.name,
    ...READERS.map((r) => round(m[r].medianMs, 2)),
    ...READERS.map((r) => m[r].timesMs.length),
    round(speedRatio(m, "loupe", "domFloor"), 3),
    round(speedRatio(m, "stagehand4", "loupe"), 3),
    round(speedRatio(m, "stagehand3", "loupe"), 3),
    ...TEXT_READERS.map((r) => m[r].tokens),
    round(tokenRatio(m), 3),
    m.knownValues.length,
    ...TEXT_READERS.map((r) => m[r].known?.found),
    ...READERS.map((r) => m[r].error),
    round(m.loadMs, 0),
    m.notes.join("; "),
  ]);
  return toCsv(header, rows);
}

/** A target, judged: MET, MISSED, or NOT MEASURED when a number it needs is missing. */
interface Verdict {
  target: string;
  met: boolean | undefined;
  detail: string;
}

/** The targets of the snapshot work (issue: "a snapshot at the speed of the DOM"), each with its numbers. */
export function snapshotVerdicts(
  single: readonly PageMeasurement[],
  corpus: readonly PageMeasurement[],
  modelCalls: { loupe: ModelCallCount; stagehand: ModelCallCount } | undefined,
): string {
  const all = [...single, ...corpus];
  const corpusMedian = (pick: (m: PageMeasurement) => number | undefined) =>
    median(corpus.map(pick).filter((v): v is number => v !== undefined));
  const verdicts: Verdict[] = [];

  {
    const limit = 1.5;
    const ratios = all.map((m) => ({ name: m.page.name, value: speedRatio(m, "loupe", "domFloor") }));
    const over = ratios.filter((r) => r.value !== undefined && r.value > limit);
    const unmeasured = ratios.filter((r) => r.value === undefined).map((r) => r.name);
    verdicts.push({
      target: `Loupe (cold) ≤ ${limit}× DOMSnapshot.captureSnapshot on every page`,
      met: unmeasured.length ? undefined : over.length === 0,
      detail:
        single.map((m) => `${m.page.name} ${times(speedRatio(m, "loupe", "domFloor"))}`).join(", ") +
        (corpus.length
          ? `, corpus median ${times(corpusMedian((m) => speedRatio(m, "loupe", "domFloor")))}`
          : "") +
        `; pages over ${limit}×: ${over.length} of ${all.length}${list(over.map((r) => `${r.name} ${times(r.value)}`))}` +
        (unmeasured.length ? `; not measured: ${list(unmeasured)}` : "") +
        // The other engine design, for the record: an in-page walk gathering the same facts, against the capture.
        (corpus.length
          ? `; in-page walk ÷ DOMSnapshot (the other design's floor): corpus median ${times(corpusMedian((m) => speedRatio(m, "walkFloor", "domFloor")))}`
          : ""),
    });
  }
  {
    const limit = 5;
    const medianLimit = 10;
    const ratios = all.map((m) => ({ name: m.page.name, value: speedRatio(m, PEER, "loupe") }));
    const under = ratios.filter((r) => r.value !== undefined && r.value < limit);
    const unmeasured = ratios.filter((r) => r.value === undefined).map((r) => r.name);
    const corpusRatio = corpusMedian((m) => speedRatio(m, PEER, "loupe"));
    verdicts.push({
      target: `Loupe (cold) ≥ ${limit}× faster than Stagehand 4.4.0 on every page, ≥ ${medianLimit}× on the corpus median`,
      met:
        unmeasured.length || (corpus.length && corpusRatio === undefined)
          ? undefined
          : under.length === 0 && (!corpus.length || corpusRatio! >= medianLimit),
      detail:
        single.map((m) => `${m.page.name} ${times(speedRatio(m, PEER, "loupe"))}`).join(", ") +
        (corpus.length ? `, corpus median ${times(corpusRatio)}` : "") +
        `; pages under ${limit}×: ${under.length} of ${all.length}${list(under.map((r) => `${r.name} ${times(r.value)}`))}` +
        (unmeasured.length ? `; not measured: ${list(unmeasured)}` : ""),
    });
  }
  {
    const limit = 0.6;
    const parts = single.map((m) => ({ label: m.page.name, value: tokenRatio(m) }));
    if (corpus.length) parts.push({ label: "corpus median", value: corpusMedian(tokenRatio) });
    const missing = all.flatMap((m) => (m.loupe.known?.missing ?? []).map((value) => ({ m, value })));
    const alsoMissingInPeer = missing.filter(({ m, value }) => m[PEER].known?.missing.includes(value));
    const unmeasured = all.filter((m) => !m.loupe.known).map((m) => m.page.name);
    const pagesMissing = [...new Set(missing.map(({ m }) => m.page.name))];
    const tokensOk = allKnown(parts.map((p) => p.value)) ? parts.every((p) => p.value! <= limit) : undefined;
    verdicts.push({
      target: `Loupe tokens ≤ ${limit}× Stagehand 4.4.0's, with every known value present`,
      met: tokensOk === undefined || unmeasured.length ? undefined : tokensOk && missing.length === 0,
      detail:
        `tokens ${parts.map((p) => `${p.label} ${times(p.value)}`).join(", ")}; ` +
        `known values missing from Loupe's snapshot: ${missing.length} of ${all.reduce((n, m) => n + m.knownValues.length, 0)}` +
        (missing.length
          ? ` on ${pagesMissing.length} page(s)${list(pagesMissing)}, ${alsoMissingInPeer.length} of them also missing from Stagehand 4's`
          : "") +
        (unmeasured.length ? `; not measured (Loupe failed): ${unmeasured.join(", ")}` : ""),
    });
  }
  {
    // Linear: the time per card at the largest catalog is no more than a quarter above the smallest's
    // (fixed costs only make small catalogs dearer per card, so this tests for worse than linear).
    const tolerance = 1.25;
    const catalogs = single
      .filter((m) => m.page.kind === "catalog")
      .map((m) => ({ name: m.page.name, cards: cardsOf(m.page.name), ms: m.loupe.medianMs }));
    const first = catalogs[0];
    const last = catalogs.at(-1);
    const growth =
      first?.ms !== undefined && last?.ms !== undefined && first.cards && last.cards
        ? last.ms / last.cards / (first.ms / first.cards)
        : undefined;
    verdicts.push({
      target: `Loupe's time linear in the page from ${first?.name ?? "?"} to ${last?.name ?? "?"} (per-card cost grows ≤ ${tolerance}×)`,
      met: growth === undefined ? undefined : growth <= tolerance,
      detail:
        catalogs
          .map((c) => `${c.name} ${ms(c.ms)} ms (${perThousand(c.ms, c.cards)} per 1k cards)`)
          .join(", ") + `; per-card cost ${first?.name ?? "?"} → ${last?.name ?? "?"}: ${times(growth)}`,
    });
  }
  {
    const loupe = modelCalls?.loupe;
    const stagehand = modelCalls?.stagehand;
    const describe = (c: ModelCallCount | undefined) =>
      !c ? "not run" : `${c.requests} request(s)${c.error ? ` and failed (${c.error})` : ""}`;
    verdicts.push({
      target: "One model call per extract (vs Stagehand 3.7.3's)",
      met: loupe && !loupe.error ? loupe.requests === 1 : undefined,
      detail:
        `Loupe ${describe(loupe)}` +
        (loupe?.reportedByClient !== undefined
          ? ` (client.metrics.extract.llmCalls: ${loupe.reportedByClient})`
          : "") +
        `, Stagehand ${describe(stagehand)}`,
    });
  }
  return verdicts
    .map(
      (v) =>
        `- **${v.met === undefined ? "NOT MEASURED" : v.met ? "MET" : "MISSED"}** ${v.target}: ${v.detail}`,
    )
    .join("\n");
}

/** Failures and notes, one line each, for the lines under the table. */
export function snapshotProblems(all: readonly PageMeasurement[]): string[] {
  const lines: string[] = [];
  for (const m of all) {
    for (const reader of READERS)
      if (m[reader].error && m[reader].error !== NOT_ASKED)
        lines.push(`${m.page.name}: ${reader} failed: ${m[reader].error}`);
    for (const note of m.notes) lines.push(`${m.page.name}: ${note}`);
  }
  return lines;
}

/** reader ÷ base, from the two medians of one page. */
export function speedRatio(m: PageMeasurement, reader: Reader, base: Reader): number | undefined {
  return ratio(m[reader].medianMs, m[base].medianMs);
}

function tokenRatio(m: PageMeasurement): number | undefined {
  return ratio(m.loupe.tokens, m[PEER].tokens);
}

/** The card count of a catalog page named `catalog-3k`. */
function cardsOf(name: string): number | undefined {
  const match = /^catalog-(\d+)k$/.exec(name);
  return match ? Number(match[1]) * 1000 : undefined;
}

function perThousand(value: number | undefined, cards: number | undefined): string {
  return value === undefined || !cards ? "–" : `${ms((value / cards) * 1000)} ms`;
}

function cellMs(m: PageMeasurement, reader: Reader): string {
  return m[reader].error ? "failed" : ms(m[reader].medianMs);
}

function ms(value: number | undefined): string {
  if (value === undefined) return "–";
  return value < 100 ? value.toFixed(1) : value.toFixed(0);
}

function times(value: number | undefined): string {
  return value === undefined ? "–" : `${value < 10 ? value.toFixed(2) : value.toFixed(1)}×`;
}

function count(value: number | undefined, error?: string): string {
  if (error) return "failed";
  return value === undefined ? "–" : Math.round(value).toLocaleString("en-US");
}

function known(m: PageMeasurement, reader: TextReader): string {
  const k = m[reader].known;
  return k ? `${k.found}/${k.total}` : m[reader].error ? "failed" : "–";
}

function knownTotal(pages: readonly PageMeasurement[], reader: TextReader): string {
  const checked = pages.filter((m) => m[reader].known);
  const found = checked.reduce((n, m) => n + m[reader].known!.found, 0);
  const total = checked.reduce((n, m) => n + m[reader].known!.total, 0);
  const complete = checked.filter((m) => m[reader].known!.found === m[reader].known!.total).length;
  return `${found}/${total} (all on ${complete}/${pages.length} pages)`;
}

function allKnown(values: readonly (number | undefined)[]): boolean {
  return values.length > 0 && values.every((v) => v !== undefined);
}

function list(names: readonly string[], max = 8): string {
  if (!names.length) return "";
  return ` (${names.slice(0, max).join(", ")}${names.length > max ? `, +${names.length - max} more` : ""})`;
}
