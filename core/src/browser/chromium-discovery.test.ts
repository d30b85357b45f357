import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClientError } from "../errors.js";
import { findChromium } from "./chromium-discovery.js";

// A platform with no well-known install paths, so only the explicit path, the variable and PATH count
// (on linux, a real /usr/bin/chromium would be found first).
const BARE_PLATFORM = "aix" as NodeJS.Platform;

let dir: string;
/** Creates a file at `dir/relative`, executable unless `mode` says otherwise. */
async function fake(relative: string, mode = 0o755): Promise<string> {
  const path = join(dir, relative);
  await mkdir(join(path, ".."), { recursive: true });
  await writeFile(path, "#!/bin/sh\nexit 0\n");
  await chmod(path, mode);
  return path;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "loupe-discovery-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("findChromium", () => {
  it("takes the explicit path first, even when LOUPE_CHROMIUM_PATH and PATH have one", async () => {
    const explicit = await fake("explicit/chrome");
    const fromEnv = await fake("env/chromium");
    const onPath = await fake("bin-a/chromium");
    expect(
      findChromium(explicit, { LOUPE_CHROMIUM_PATH: fromEnv, PATH: join(onPath, "..") }, BARE_PLATFORM),
    ).toBe(explicit);
  });

  it("refuses an explicit path that is not executable, saying how to get a browser", async () => {
    const notExecutable = await fake("explicit/not-executable", 0o644);
    expect(() => findChromium(notExecutable, {}, BARE_PLATFORM)).toThrow(ClientError);
    expect(() => findChromium(join(dir, "missing"), {}, BARE_PLATFORM)).toThrow(
      /localBrowser\.executablePath ".*missing" is not an executable file\. Install Chromium or Chrome/,
    );
  });

  it("takes LOUPE_CHROMIUM_PATH when there is no explicit path, before PATH", async () => {
    const fromEnv = await fake("env2/my-chrome");
    const onPath = await fake("bin-b/chromium");
    expect(
      findChromium(undefined, { LOUPE_CHROMIUM_PATH: fromEnv, PATH: join(onPath, "..") }, BARE_PLATFORM),
    ).toBe(fromEnv);
  });

  it("refuses a LOUPE_CHROMIUM_PATH that is not executable rather than falling back", async () => {
    const onPath = await fake("bin-c/chromium");
    expect(() =>
      findChromium(
        undefined,
        { LOUPE_CHROMIUM_PATH: join(dir, "nowhere"), PATH: join(onPath, "..") },
        BARE_PLATFORM,
      ),
    ).toThrow(/LOUPE_CHROMIUM_PATH ".*nowhere" is not an executable file/);
  });

  it("looks the usual names up on PATH, in PATH order, skipping files that are not executable", async () => {
    const first = join(dir, "path-1");
    const second = join(dir, "path-2");
    await fake("path-1/chromium", 0o644); // present but not executable: skipped
    const chrome = await fake("path-2/google-chrome");
    await fake("path-3/chromium");
    const PATH = [join(dir, "empty"), first, second, join(dir, "path-3")].join(delimiter);

    expect(findChromium(undefined, { PATH }, BARE_PLATFORM)).toBe(chrome);
    expect(findChromium(undefined, { PATH, LOUPE_CHROMIUM_PATH: "" }, BARE_PLATFORM)).toBe(chrome);
  });

  it("finds none: a ClientError that says how to install one and how to point Loupe at it", async () => {
    let error: unknown;
    try {
      findChromium(undefined, { PATH: join(dir, "empty") }, BARE_PLATFORM);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ClientError);
    expect((error as Error).message).toBe(
      "No Chrome or Chromium was found on this machine. Install Chromium or Chrome " +
        "(Debian/Ubuntu: `sudo apt-get install chromium`; macOS: `brew install --cask chromium`), " +
        "or point Loupe at one with `localBrowser.executablePath` or the LOUPE_CHROMIUM_PATH environment variable.",
    );
  });

  it("finds none with no PATH at all", () => {
    expect(() => findChromium(undefined, {}, BARE_PLATFORM)).toThrow(/No Chrome or Chromium was found/);
  });
});
