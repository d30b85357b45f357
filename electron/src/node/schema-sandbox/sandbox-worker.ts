/**
 * The schema sandbox's worker thread: transpiles a zod source (TypeScript) and evaluates it in a fresh
 * QuickJS realm (see quickjs-realm.ts: the boundary), off the service's event loop. One realm with zod
 * loaded is kept ready, so a check costs the user's code and not zod's start-up; it serves one request
 * and the next is made after the answer has gone. Served through core's worker pool, which kills the
 * thread when a request overruns (see schema-sandbox.ts).
 */
import { createRequire } from "node:module";
import { workerData } from "node:worker_threads";
import { serveWorkerTasks } from "@loupe/core/worker-pool";
import { loadQuickJSEngine, ZodRealm, type RealmLimits } from "./quickjs-realm.js";
import { evaluationOf } from "./realm-output.js";
import type { SchemaEvaluation } from "./sandbox-result.js";
import { prepareSource, type TypeScriptModule } from "./source-convention.js";

/** What the parent sends once, at start. */
export interface SandboxWorkerData {
  zodBundlePath: string;
  limits: RealmLimits;
}

const { zodBundlePath, limits } = workerData as SandboxWorkerData;
// typescript is CommonJS and large: loaded once per worker, off the service's event loop.
const ts = createRequire(import.meta.url)("typescript") as TypeScriptModule;
const engine = await loadQuickJSEngine(zodBundlePath);
let ready: Promise<ZodRealm> = ZodRealm.create(engine, limits);
await ready;

// Waiting for the realm is the preparation, off the request's clock (the pool's start limit bounds it).
// A realm that failed to start (it never has) is made again rather than failing every request after.
serveWorkerTasks(evaluate, {
  prepare: () => (ready = ready.catch(() => ZodRealm.create(engine, limits))),
});

async function evaluate(source: string): Promise<SchemaEvaluation> {
  try {
    const realm = await ready;
    const prepared = prepareSource(ts, source);
    if (!prepared.ok) return prepared; // the realm ran nothing: it stays ready for the next request
    // The next realm is made after this answer is posted: a macrotask, behind the postMessage.
    ready = new Promise((resolve) => setImmediate(resolve)).then(() => ZodRealm.create(engine, limits));
    return evaluationOf(realm.evaluate(prepared.script), limits, source);
  } catch (error) {
    return { ok: false, issues: [{ message: error instanceof Error ? error.message : String(error) }] };
  }
}
