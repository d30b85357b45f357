/**
 * The conversion worker must start however the package runs: from TypeScript sources under tsx (as
 * `npm run bench` and development do), and from compiled JavaScript (as `dist/` ships). Each case runs
 * in a fresh Node process, outside vitest's module runner.
 */
import { execFile } from "node:child_process";
import { mkdir, readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const HERE = fileURLToPath(new URL(".", import.meta.url));
const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** A module script that converts one page through `htmlToMarkdown` (the worker pool) and prints the result. */
function script(indexUrl: string): string {
  return `
const m = await import(${JSON.stringify(indexUrl)});
const result = await m.htmlToMarkdown("<title>Worker page title</title><p>From a <b>worker</b>.</p>", "https://example.com/");
await m.closeMarkdownWorkers();
console.log(JSON.stringify(result));`;
}

async function runScript(args: string[], indexUrl: string): Promise<unknown> {
  const { stdout } = await run(process.execPath, [...args, "--input-type=module", "-e", script(indexUrl)], {
    cwd: REPO_ROOT,
    timeout: 30_000,
  });
  return JSON.parse(stdout.trim().split("\n").pop()!);
}

const EXPECTED = { markdown: "# Worker page title\n\nFrom a **worker**.\n", title: "Worker page title" };

describe("the conversion worker's script", () => {
  it("starts from TypeScript sources under tsx (markdown-worker.ts through tsx's hooks)", async () => {
    const index = new URL("./index.ts", import.meta.url).href;
    expect(await runScript(["--import", "tsx"], index)).toEqual(EXPECTED);
  });

  it("starts from compiled JavaScript without tsx (markdown-worker.js beside worker-pool.js)", async () => {
    // Compile this folder alone (not the whole package, which other work may leave mid-edit) into a
    // scratch directory under test-results/, where imports still find the repository's node_modules.
    const outDir = join(REPO_ROOT, "test-results", "markdown-dist-test");
    await rm(outDir, { recursive: true, force: true });
    await mkdir(outDir, { recursive: true });
    const tsc = join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");
    await run(
      process.execPath,
      [
        tsc,
        ...["--outDir", outDir, "--rootDir", HERE, "--module", "NodeNext", "--moduleResolution", "NodeNext"],
        ...["--target", "ES2022", "--strict", "--skipLibCheck", "--types", "node", "--declaration", "false"],
        join(HERE, "index.ts"),
        join(HERE, "markdown-worker.ts"),
      ],
      { cwd: REPO_ROOT, timeout: 60_000 },
    );
    const files = await readdir(outDir);
    expect(files).toEqual(expect.arrayContaining(["index.js", "worker-pool.js", "markdown-worker.js"]));
    expect(files.some((file) => file.endsWith(".ts"))).toBe(false);
    const index = new URL(`file://${join(outDir, "index.js")}`).href;
    try {
      expect(await runScript([], index)).toEqual(EXPECTED);
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  }, 90_000);
});
