/**
 * The schema sandbox's worker thread: transpiles a zod source (TypeScript) and evaluates it in a fresh
 * vm context per request. Started by `SchemaSandbox` with an empty environment (no API keys to find even
 * if the vm were escaped) and memory limits; killed by it when a request overruns.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import vm from "node:vm";
import { parentPort, workerData } from "node:worker_threads";
import { evaluateInContext } from "./context-evaluation.js";
import type { SchemaEvaluation } from "./sandbox-result.js";
import { prepareSource, type TypeScriptModule } from "./source-convention.js";

/** What the parent sends once, at start. */
export interface SandboxWorkerData {
  zodBundlePath: string;
  timeoutMs: number;
}

/** One request and its answer. */
export interface SandboxRequest {
  id: number;
  source: string;
}
export interface SandboxResponse {
  id: number;
  evaluation: SchemaEvaluation;
}

const { zodBundlePath, timeoutMs } = workerData as SandboxWorkerData;
// typescript is CommonJS and large: loaded once per worker, off the service's event loop.
const ts = createRequire(import.meta.url)("typescript") as TypeScriptModule;
const zodScript = new vm.Script(readFileSync(zodBundlePath, "utf8"), { filename: "zod-sandbox.js" });

// A rejected promise left behind inside a context (say, a refused `import()`) must not end the worker.
process.on("unhandledRejection", () => {});

parentPort?.on("message", (request: SandboxRequest) => {
  let evaluation: SchemaEvaluation;
  try {
    const prepared = prepareSource(ts, request.source);
    evaluation = prepared.ok ? evaluateInContext(zodScript, prepared.script, timeoutMs) : prepared;
  } catch (error) {
    evaluation = { ok: false, issues: [{ message: error instanceof Error ? error.message : String(error) }] };
  }
  parentPort?.postMessage({ id: request.id, evaluation } satisfies SandboxResponse);
});
parentPort?.postMessage("ready");
