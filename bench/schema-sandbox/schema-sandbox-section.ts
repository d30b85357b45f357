/**
 * The schema sandbox: how long a typical zod schema's check takes (the source typed in the Studio's
 * editor, to the JSON Schema back in the service), for the QuickJS realm the Studio uses and for the
 * candidate it was chosen over, a Node child process under the permission model:
 * - QuickJS, realm ready: the request finds a realm made while the person typed (the usual case: the
 *   editor waits 700 ms after the last key);
 * - QuickJS, back to back: the next request comes at once, so the realm is made on the clock;
 * - permission child, fresh process per check (what isolation between schemas needs);
 * - permission child, one warm process (a fresh vm context per check, the process shared).
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { createRequire } from "node:module";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { SchemaSandbox } from "../../electron/src/node/schema-sandbox/schema-sandbox.js";
import {
  prepareSource,
  type TypeScriptModule,
} from "../../electron/src/node/schema-sandbox/source-convention.js";
import { STARTER_ZOD_SCHEMA } from "../../renderer/src/state/workspace.js";
import type { BenchSection } from "../bench-section.js";
import { markdownTable } from "../markdown-table.js";
import { median, ratio } from "../stats.js";

/** A typical schema: the one the Studio starts with (a list of objects, strings, a described field, a URL). */
const TYPICAL = STARTER_ZOD_SCHEMA;
const PAUSE_MS = 1_000; // longer than the editor's 700 ms debounce: time for the next realm
const CHILD = fileURLToPath(new URL("./permission-child.mjs", import.meta.url));
const ZOD_BUNDLE = fileURLToPath(
  new URL("../../electron/dist/schema-sandbox/zod-sandbox.js", import.meta.url),
);

export const schemaSandboxSection: BenchSection = {
  name: "schema-sandbox",
  title:
    "Schema sandbox: a typical zod schema's check, QuickJS realm vs a Node child under the permission model",
  async run(options) {
    const runs = Math.max(options.runs, 15);
    const ts = createRequire(import.meta.url)("typescript") as TypeScriptModule;
    const sandbox = new SchemaSandbox();
    const rows: { name: string; ms: number[] }[] = [];
    try {
      await expectOk(await sandbox.evaluate(TYPICAL)); // starts the worker, off the clock
      const ready: number[] = [];
      const backToBack: number[] = [];
      for (let i = 0; i < runs; i++) {
        await pause(PAUSE_MS);
        ready.push(await timed(async () => expectOk(await sandbox.evaluate(TYPICAL))));
        backToBack.push(await timed(async () => expectOk(await sandbox.evaluate(TYPICAL))));
      }
      rows.push({ name: "QuickJS realm, realm ready (the Studio)", ms: ready });
      rows.push({ name: "QuickJS realm, back to back", ms: backToBack });
    } finally {
      await sandbox.close();
    }

    const script = () => {
      const prepared = prepareSource(ts, TYPICAL);
      if (!prepared.ok) throw new Error("the typical schema does not transpile");
      return prepared.script;
    };
    const fresh: number[] = [];
    for (let i = 0; i < runs; i++)
      fresh.push(
        await timed(async () => {
          const child = startChild();
          try {
            expectOk(JSON.parse(await ask(child, script())) as { ok: boolean });
          } finally {
            child.process.kill();
          }
        }),
      );
    rows.push({ name: "permission child, fresh process per check", ms: fresh });
    const warm = startChild();
    try {
      await ask(warm, script());
      const reused: number[] = [];
      for (let i = 0; i < runs; i++)
        reused.push(
          await timed(async () => expectOk(JSON.parse(await ask(warm, script())) as { ok: boolean })),
        );
      rows.push({ name: "permission child, one warm process", ms: reused });
    } finally {
      warm.process.kill();
    }

    const studio = median(rows[0]!.ms);
    console.log(
      markdownTable(
        ["how", "median", "min", "max", "vs the Studio's"],
        rows.map(({ name, ms }) => [
          name,
          `${median(ms)!.toFixed(1)} ms`,
          `${Math.min(...ms).toFixed(1)} ms`,
          `${Math.max(...ms).toFixed(1)} ms`,
          `${ratio(median(ms), studio)!.toFixed(2)}×`,
        ]),
      ),
    );
    console.log(`\n${runs} checks each; the typical schema is the Studio's starter schema.`);
  },
};

interface Child {
  process: ChildProcessWithoutNullStreams;
  lines: AsyncIterator<string>;
}

function startChild(): Child {
  const child = spawn(
    process.execPath,
    [
      "--experimental-permission",
      // One flag per path: Node 20 reads a comma in the value as part of the path.
      `--allow-fs-read=${CHILD}`,
      `--allow-fs-read=${ZOD_BUNDLE}`,
      "--no-warnings",
      CHILD,
      ZOD_BUNDLE,
    ],
    { env: {}, stdio: "pipe" },
  );
  return { process: child, lines: createInterface({ input: child.stdout })[Symbol.asyncIterator]() };
}

async function ask(child: Child, script: string): Promise<string> {
  child.process.stdin.write(`${JSON.stringify({ script })}\n`);
  const { value, done } = await child.lines.next();
  if (done) throw new Error("the permission child stopped");
  return value;
}

function expectOk(result: { ok: boolean }): void {
  if (!result.ok) throw new Error(`the typical schema did not evaluate: ${JSON.stringify(result)}`);
}

async function timed(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
