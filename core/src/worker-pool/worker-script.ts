/**
 * Where a pooled worker's code is, however the package runs. Built (`dist/…/x-pool.js`), the worker is
 * the compiled `x-worker.js` beside it, found with `new URL(…, import.meta.url)` as Node and bundlers
 * expect. From TypeScript sources (vitest, `tsx`) it is `x-worker.ts`, which a worker thread cannot load
 * by itself: Node 20 does not carry the parent's loader hooks into workers, nor honour `--import tsx`
 * there, so the thread starts from a small script that registers tsx's ESM hooks and then imports it.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

/** What `new Worker(url, { eval, execArgv })` needs to start a worker's code. */
export interface WorkerScript {
  url: URL | string;
  eval: boolean;
  /** Node options for the thread (default none). */
  execArgv?: string[];
}

/** The condition under which the repository's packages resolve to their TypeScript sources. */
const SOURCE_CONDITION = "@loupe/source";

/**
 * The script that runs the worker module `name` (without extension) found beside `moduleUrl`.
 *
 * @param moduleUrl - The caller's `import.meta.url`.
 * @param name - The worker module's file name without `.js`/`.ts`, for example `markdown-worker`.
 */
export function workerScriptBeside(moduleUrl: string, name: string): WorkerScript {
  if (!moduleUrl.endsWith(".ts")) return { url: new URL(`./${name}.js`, moduleUrl), eval: false };
  const worker = new URL(`./${name}.ts`, moduleUrl).href;
  const bootstrap = `import(${JSON.stringify(tsxEsmApi())})
  .then((tsx) => { tsx.register(); return import(${JSON.stringify(worker)}); })
  .catch((error) => { setImmediate(() => { throw error; }); });`;
  // Workspace packages the worker imports resolve to their sources too, as in the parent, never to a
  // stale or missing build.
  return { url: bootstrap, eval: true, execArgv: [`--conditions=${SOURCE_CONDITION}`] };
}

/** tsx's ESM API (`tsx/esm/api`, import condition), a dev dependency needed only to run from sources. */
function tsxEsmApi(): string {
  const packageJson = createRequire(import.meta.url).resolve("tsx/package.json");
  const manifest = JSON.parse(readFileSync(packageJson, "utf8")) as {
    exports: Record<string, { import?: { default?: string } } | string>;
  };
  const entry = manifest.exports["./esm/api"];
  const path = typeof entry === "object" ? entry.import?.default : undefined;
  if (!path)
    throw new Error(
      "tsx does not export ./esm/api for import; cannot run the worker from TypeScript sources",
    );
  return pathToFileURL(join(dirname(packageJson), path)).href;
}
