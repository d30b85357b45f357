import { execFile } from "node:child_process";
import { copyFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const LAUNCHER = fileURLToPath(new URL("../bin/loupe.js", import.meta.url));

describe("the committed `loupe` launcher", () => {
  let dir: string;
  beforeAll(async () => {
    // A copy of the package as npm links it on a fresh clone: the launcher, no build beside it.
    dir = await mkdtemp(join(tmpdir(), "loupe-launcher-"));
    await mkdir(join(dir, "bin"));
    await writeFile(join(dir, "package.json"), JSON.stringify({ type: "module" }));
    await copyFile(LAUNCHER, join(dir, "bin", "loupe.js"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("says in one line to build when the command is not built", async () => {
    const failure = await run(process.execPath, [join(dir, "bin", "loupe.js"), "extract", "--demo"]).then(
      () => undefined,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toBe("");
    expect(failure?.stderr).toBe(
      "loupe: the command is not built yet: run `npm run build` at the root of the Loupe checkout, then try again.\n",
    );
  });

  it("runs the built command when it is there", async () => {
    const { stdout } = await run(process.execPath, [LAUNCHER, "--version"]);
    expect(stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});
