/** Turns the measurements into the printed table, the per-page CSV and the targets' verdicts. */
import { toCsv } from "../csv.js";
import { markdownTable } from "../markdown-table.js";
import { median, ratio } from "../stats.js";
import type { ModelCallCount } from "./model-calls.js";
import type { PageMeasurement, Reader } from "./measure-page.js";

const HEADER = [
  "page",
  "Loupe ms",
  "Stagehand ms",
  "floor ms",
  "Loupe ÷ floor",
  "Stagehand ÷ Loupe",
  "Loupe tokens",
  "Stagehand tokens",
  "Loupe ÷ Stagehand tokens",
  "Loupe known",
  "Stagehand known",
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
    cellMs(m, "stagehand"),
    cellMs(m, "floor"),
    times(speedRatio(m, "loupe", "floor")),
    times(speedRatio(m, "stagehand", "loupe")),
    count(m.loupe.tokens, m.loupe.error),
    count(m.stagehand.tokens, m.stagehand.error),
    times(tokenRatio(m)),
    known(m, "loupe"),
    known(m, "stagehand"),
  ];
}

function corpusRow(pages: readonly PageMeasurement[]): string[] {
  const med = (pick: (m: PageMeasurement) => number | undefined) =>
    median(pages.map(pick).filter((v): v is number => v !== undefined));
  const measured = (reader: Reader) => pages.filter((m) => m[reader].medianMs !== undefined).length;
  const failed = (reader: Reader) => {
    const n = pages.length - measured(reader);
    return n ? ` (${n} failed)` : "";
  };
  return [
    `corpus: median of ${pages.length} pages`,
    ms(med((m) => m.loupe.medianMs)) + failed("loupe"),
    ms(med((m) => m.stagehand.medianMs)) + failed("stagehand"),
    ms(med((m) => m.floor.medianMs)) + failed("floor"),
    times(med((m) => speedRatio(m, "loupe", "floor"))),
    times(med((m) => speedRatio(m, "stagehand", "loupe"))),
    count(med((m) => m.loupe.tokens)),
    count(med((m) => m.stagehand.tokens)),
    times(med(tokenRatio)),
    knownTotal(pages, "loupe"),
    knownTotal(pages, "stagehand"),
  ];
}

/** One CSV row per page (fixture and catalog included), with raw numbers and any failure. */
export function snapshotCsv(all: readonly PageMeasurement[]): string {
  const header = [
    "kind",
    "page",
    "loupe_ms",
    "stagehand_ms",
    "floor_ms",
    "loupe_runs",
    "stagehand_runs",
    "floor_runs",
    "loupe_over_floor",
    "stagehand_over_loupe",
    "loupe_tokens",
    "stagehand_tokens",
    "loupe_over_stagehand_tokens",
    "known_total",
    "loupe_known",
    "stagehand_known",
    "loupe_error",
    "stagehand_error",
    "floor_error",
    "load_ms",
    "notes",
  ];
  const round = (v: number | undefined, digits: number) => (v === undefined ? undefined : v.toFixed(digits));
  const rows = all.map((m) => [
    m.page.kind,
    m.page.name,
    round(m.loupe.medianMs, 2),
    round(m.stagehand.medianMs, 2),
    round(m.floor.medianMs, 2),
    m.loupe.timesMs.length,
    m.stagehand.timesMs.length,
    m.floor.timesMs.length,
    round(speedRatio(m, "loupe", "floor"), 3),
    round(speedRatio(m, "stagehand", "loupe"), 3),
    m.loupe.tokens,
    m.stagehand.tokens,
    round(tokenRatio(m), 3),
    m.page.knownValues.length,
    m.loupe.known?.found,
    m.stagehand.known?.found,
    m.loupe.error,
    m.stagehand.error,
    m.floor.error,
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

/** The four targets of the snapshot work, each with the numbers it was judged on. */
export function snapshotVerdicts(
  fixture: PageMeasurement | undefined,
  catalog: PageMeasurement | undefined,
  corpus: readonly PageMeasurement[],
  modelCalls: { loupe: ModelCallCount; stagehand: ModelCallCount } | undefined,
): string {
  const named = [fixture, catalog].filter((m): m is PageMeasurement => m !== undefined);
  const corpusMedian = (pick: (m: PageMeasurement) => number | undefined) =>
    median(corpus.map(pick).filter((v): v is number => v !== undefined));
  const verdicts: Verdict[] = [];

  {
    const limit = 1.5;
    const parts = named.map((m) => ({ label: m.page.name, value: speedRatio(m, "loupe", "floor") }));
    if (corpus.length)
      parts.push({ label: "corpus median", value: corpusMedian((m) => speedRatio(m, "loupe", "floor")) });
    const over = corpus.filter((m) => (speedRatio(m, "loupe", "floor") ?? 0) > limit).map((m) => m.page.name);
    verdicts.push({
      target: `Loupe snapshot time ≤ ${limit}× floor`,
      met: allKnown(parts.map((p) => p.value)) ? parts.every((p) => p.value! <= limit) : undefined,
      detail:
        parts.map((p) => `${p.label} ${times(p.value)}`).join(", ") +
        (corpus.length
          ? `; corpus pages over ${limit}×: ${over.length} of ${corpus.length}${list(over)}`
          : ""),
    });
  }
  {
    const limit = 5;
    const catalogRatio = catalog ? speedRatio(catalog, "stagehand", "loupe") : undefined;
    const corpusRatio = corpusMedian((m) => speedRatio(m, "stagehand", "loupe"));
    const under = corpus
      .filter((m) => (speedRatio(m, "stagehand", "loupe") ?? Infinity) < limit)
      .map((m) => m.page.name);
    verdicts.push({
      target: `Loupe ≥ ${limit}× faster than Stagehand on the catalog and on real pages`,
      met: allKnown([catalogRatio, corpusRatio])
        ? catalogRatio! >= limit && corpusRatio! >= limit
        : undefined,
      detail:
        `catalog ${times(catalogRatio)} (${ms(catalog?.loupe.medianMs)} vs ${ms(catalog?.stagehand.medianMs)} ms), ` +
        `corpus median ratio ${times(corpusRatio)}; corpus pages under ${limit}×: ${under.length} of ${corpus.length}${list(under)}`,
    });
  }
  {
    const limit = 0.7;
    const parts = named.map((m) => ({ label: m.page.name, value: tokenRatio(m) }));
    if (corpus.length) parts.push({ label: "corpus median", value: corpusMedian(tokenRatio) });
    const all = [...named, ...corpus];
    const missing = all.flatMap((m) => (m.loupe.known?.missing ?? []).map((value) => ({ m, value })));
    const alsoMissingInStagehand = missing.filter(({ m, value }) =>
      m.stagehand.known?.missing.includes(value),
    );
    const unmeasured = all.filter((m) => !m.loupe.known).map((m) => m.page.name);
    const pagesMissing = [...new Set(missing.map(({ m }) => m.page.name))];
    const tokensOk = allKnown(parts.map((p) => p.value)) ? parts.every((p) => p.value! <= limit) : undefined;
    verdicts.push({
      target: `Loupe tokens ≤ ${limit}× Stagehand's, with every known value present`,
      met: tokensOk === undefined || unmeasured.length ? undefined : tokensOk && missing.length === 0,
      detail:
        `tokens ${parts.map((p) => `${p.label} ${times(p.value)}`).join(", ")}; ` +
        `known values missing from Loupe's snapshot: ${missing.length} of ${all.reduce((n, m) => n + m.page.knownValues.length, 0)}` +
        (missing.length
          ? ` on ${pagesMissing.length} page(s)${list(pagesMissing)}, ${alsoMissingInStagehand.length} of them also missing from Stagehand's`
          : "") +
        (unmeasured.length ? `; not measured (Loupe failed): ${unmeasured.join(", ")}` : ""),
    });
  }
  {
    const loupe = modelCalls?.loupe;
    const stagehand = modelCalls?.stagehand;
    const describe = (c: ModelCallCount | undefined) =>
      !c ? "not run" : `${c.requests} request(s)${c.error ? ` and failed (${c.error})` : ""}`;
    verdicts.push({
      target: "One model call per extract (vs Stagehand's)",
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
    for (const reader of ["loupe", "stagehand", "floor"] as const)
      if (m[reader].error) lines.push(`${m.page.name}: ${reader} failed: ${m[reader].error}`);
    for (const note of m.notes) lines.push(`${m.page.name}: ${note}`);
  }
  return lines;
}

/** reader ÷ base, from the two medians of one page. */
export function speedRatio(m: PageMeasurement, reader: Reader, base: Reader): number | undefined {
  return ratio(m[reader].medianMs, m[base].medianMs);
}

function tokenRatio(m: PageMeasurement): number | undefined {
  return ratio(m.loupe.tokens, m.stagehand.tokens);
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

function known(m: PageMeasurement, reader: "loupe" | "stagehand"): string {
  const k = m[reader].known;
  return k ? `${k.found}/${k.total}` : m[reader].error ? "failed" : "–";
}

function knownTotal(pages: readonly PageMeasurement[], reader: "loupe" | "stagehand"): string {
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
