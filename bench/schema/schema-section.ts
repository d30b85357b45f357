/**
 * What a JSON Schema from outside costs: compiling it with ajv on the caller's thread (what Loupe did
 * before the schema worker) against compiling it through `normalizeSchema` (limits, then the worker),
 * with the longest stall of the caller's event loop during each; for a typical schema, the largest one
 * the limits allow, and the 4,000-property schema the limits now refuse. Then `^(a+)+$` on a steered
 * answer: RE2 (what validation runs) against V8's own engine in the same run.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { normalizeSchema } from "../../core/src/extract/schema/normalize-schema.js";
import { runJsonSchemaTask } from "../../core/src/extract/schema/json-schema-compile.js";
import { linearRegExp } from "../../core/src/extract/schema/schema-regex.js";
import { SCHEMA_LIMITS } from "../../core/src/extract/schema/schema-limits.js";
import type { BenchSection } from "../bench-section.js";
import { markdownTable } from "../markdown-table.js";
import { median } from "../stats.js";

const ROUNDS = 5;

/** An object schema of `n` properties, each a string with a description and a pattern, like a real form. */
function formSchema(n: number, round: number): Record<string, unknown> {
  return {
    type: "object",
    // A different title per round defeats the compile cache (keyed by the schema's JSON).
    title: `bench round ${round}`,
    properties: Object.fromEntries(
      Array.from({ length: n }, (_, i) => [
        `field_${i}`,
        {
          type: "string",
          description: `Field ${i} of the record as the page shows it, without units or surrounding words.`,
          pattern: "^[A-Za-z0-9 .,-]{1,200}$",
        },
      ]),
    ),
    required: Array.from({ length: Math.min(n, 50) }, (_, i) => `field_${i}`),
  };
}

interface Timing {
  ms: number;
  /** The longest the caller's event loop was blocked meanwhile. */
  stallMs: number;
}

/** Runs `work` with the event loop's delay monitored at 1 ms resolution. */
async function timed(work: () => unknown): Promise<Timing> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  // Let the monitor's timer start ticking, so a block that starts right away is seen.
  await new Promise((resolve) => setTimeout(resolve, 10));
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  // One more turn so a block that ended just now is recorded.
  await new Promise((resolve) => setTimeout(resolve, 5));
  histogram.disable();
  return { ms, stallMs: histogram.max / 1e6 };
}

function fmt(ms: number | undefined): string {
  return ms === undefined ? "–" : ms < 10 ? ms.toFixed(1) : Math.round(ms).toLocaleString("en-US");
}

export const schemaSection: BenchSection = {
  name: "schema",
  title: "JSON Schema compile: the caller's thread vs the schema worker; ^(a+)+$ on RE2 vs V8",
  async run() {
    // Start the worker and load ajv in it, so the first row does not carry the thread start.
    await normalizeSchema({ type: "string" });
    const cases = [
      { label: "typical (20 properties)", properties: 20 },
      {
        label: `largest the limits allow (${SCHEMA_LIMITS.properties.toLocaleString("en-US")} properties)`,
        properties: SCHEMA_LIMITS.properties,
      },
      { label: "4,000 properties (refused by the limits)", properties: 4_000 },
    ];
    const rows: string[][] = [];
    let round = 0;
    for (const c of cases) {
      const main: Timing[] = [];
      const worker: Timing[] = [];
      const warm: Timing[] = [];
      const bytes = JSON.stringify(formSchema(c.properties, 0)).length;
      // The refused size takes a while on the caller's thread; three rounds say enough.
      const rounds = c.properties > SCHEMA_LIMITS.properties ? 3 : ROUNDS;
      for (let r = 0; r < rounds; r++) {
        const json = JSON.stringify(formSchema(c.properties, ++round));
        main.push(await timed(() => runJsonSchemaTask({ op: "compile", json })));
        if (c.properties > SCHEMA_LIMITS.properties) continue;
        const schema = formSchema(c.properties, ++round);
        worker.push(await timed(() => normalizeSchema(schema)));
        warm.push(await timed(() => normalizeSchema(schema)));
      }
      const med = (list: Timing[], key: keyof Timing) => median(list.map((t) => t[key]));
      rows.push([
        c.label,
        bytes.toLocaleString("en-US"),
        fmt(med(main, "ms")),
        fmt(med(main, "stallMs")),
        fmt(med(worker, "ms")),
        fmt(med(worker, "stallMs")),
        fmt(med(warm, "ms")),
      ]);
    }
    console.log(
      markdownTable(
        [
          "schema",
          "JSON bytes",
          "caller's thread: compile ms",
          "stall ms",
          "worker: normalize ms",
          "stall ms",
          "worker, cached: ms",
        ],
        rows,
      ),
    );
    console.log(
      `\nMedians of ${ROUNDS} rounds (3 for the refused size); "stall" is the longest event-loop block of the caller meanwhile.`,
    );

    const steered = "a".repeat(100_000) + "!";
    const re2 = linearRegExp("^(a+)+$", "u");
    const re2Ms = median(
      Array.from({ length: ROUNDS }, () => {
        const started = performance.now();
        re2.test(steered);
        return performance.now() - started;
      }),
    );
    // V8 doubles its work with every extra "a"; 22 is as far as a bench can wait.
    const v8Input = "a".repeat(22) + "!";
    const v8Started = performance.now();
    /^(a+)+$/.test(v8Input);
    const v8Ms = performance.now() - v8Started;
    console.log(
      "\n" +
        markdownTable(
          ["engine", "input", "ms"],
          [
            ["RE2 (re2js), what Loupe runs", "100,000 a's and '!'", fmt(re2Ms)],
            ["V8 RegExp", "22 a's and '!' (each further 'a' doubles it)", fmt(v8Ms)],
          ],
        ),
    );
  },
};
