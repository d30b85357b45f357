/**
 * The schema sandbox's worker thread: transpiles a zod source (TypeScript) and evaluates it in a fresh
 * QuickJS realm (see quickjs-realm.ts: the boundary), off the service's event loop. One realm with zod
 * loaded is kept ready, so a check costs the user's code and not zod's start-up; it serves one request
 * and the next is made after the answer has gone. Killed by `SchemaSandbox` when a request overruns.
 */
import { createRequire } from "node:module";
import { parentPort, workerData } from "node:worker_threads";
import { loadQuickJSEngine, ZodRealm, type RealmLimits } from "./quickjs-realm.js";
import { evaluationOf } from "./realm-output.js";
import type { SchemaEvaluation } from "./sandbox-result.js";
import { prepareSource, type TypeScriptModule } from "./source-convention.js";

/** What the parent sends once, at start. */
export interface SandboxWorkerData {
  zodBundlePath: string;
  limits: RealmLimits;
}

/** One request and its answer. */
export interface SandboxRequest {
  id: number;
  source: string;
}
/** `started` when the realm for the request is ready (the parent's time limit starts then), then the answer. */
export type SandboxResponse = { id: number; started: true } | { id: number; evaluation: SchemaEvaluation };

const { zodBundlePath, limits } = workerData as SandboxWorkerData;
// typescript is CommonJS and large: loaded once per worker, off the service's event loop.
const ts = createRequire(import.meta.url)("typescript") as TypeScriptModule;
const engine = await loadQuickJSEngine(zodBundlePath);
let ready: Promise<ZodRealm> = ZodRealm.create(engine, limits);
await ready;

/** One request at a time (the parent queues them), each in the realm made ready for it. */
let chain: Promise<void> = Promise.resolve();
parentPort?.on("message", (request: SandboxRequest) => {
  chain = chain.then(async () => {
    const evaluation = await evaluate(request);
    parentPort?.postMessage({ id: request.id, evaluation } satisfies SandboxResponse);
  });
});
parentPort?.postMessage("ready");

async function evaluate({ id, source }: SandboxRequest): Promise<SchemaEvaluation> {
  try {
    // A realm that failed to start (it never has) is made again rather than failing every request after.
    ready = ready.catch(() => ZodRealm.create(engine, limits));
    const realm = await ready;
    parentPort?.postMessage({ id, started: true } satisfies SandboxResponse);
    const prepared = prepareSource(ts, source);
    if (!prepared.ok) return prepared; // the realm ran nothing: it stays ready for the next request
    // The next realm is made after this answer is posted: a macrotask, behind the postMessage.
    ready = new Promise((resolve) => setImmediate(resolve)).then(() => ZodRealm.create(engine, limits));
    return evaluationOf(realm.evaluate(prepared.script), limits, source);
  } catch (error) {
    return { ok: false, issues: [{ message: error instanceof Error ? error.message : String(error) }] };
  }
}
