import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findElectronBinary } from "./electron-binary.js";

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe("findElectronBinary", () => {
  it("reports the missing download (this repository never runs electron's install script) and how to get it", () => {
    const result = findElectronBinary({});
    expect(result.found).toBe(false);
    if (!result.found) {
      expect(result.reason).toBe("its download never ran");
      expect(result.remedy).toMatch(/node .*electron[/\\]install\.js/);
    }
  });

  it("uses ELECTRON_OVERRIDE_DIST_PATH as the electron package does, when the binary there runs", async () => {
    const dir = await mkdtemp(join(tmpdir(), "loupe-electron-"));
    dirs.push(dir);
    expect(findElectronBinary({ ELECTRON_OVERRIDE_DIST_PATH: dir }).found).toBe(false);
    await writeFile(join(dir, "electron"), "#!/bin/sh\n");
    await chmod(join(dir, "electron"), 0o755);
    expect(findElectronBinary({ ELECTRON_OVERRIDE_DIST_PATH: dir })).toEqual({
      found: true,
      path: join(dir, "electron"),
    });
  });
});
