/**
 * `loupe studio` as a user starts it, in a child process run from sources: web mode prints its address,
 * serves the real UI that connects with the token, and stops cleanly (with every process it started) on
 * SIGTERM; without an Electron binary (this machine has none) it says so in one line and falls back.
 */
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";
import { findChromium } from "@loupe/core/engine";
import { WebSocket } from "ws";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startLoupe, type RunningLoupe } from "../support/loupe-cli.js";
import { descendantPids, isRunning } from "../support/processes.js";

const URL_LINE = /^Loupe Studio: (http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+)$/m;

let browser: Browser;
let running: RunningLoupe | undefined;

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: findChromium(undefined),
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });
});

afterEach(() => {
  running?.kill();
  running = undefined;
});

afterAll(async () => {
  await browser?.close();
});

async function waitUntilGone(pids: number[], timeoutMs = 10_000): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  while (pids.some(isRunning) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
  return pids.filter(isRunning);
}

describe("loupe studio", () => {
  it("--web prints the address, serves a UI that connects, and exits 0 on SIGTERM with nothing left running", async () => {
    running = startLoupe(["studio", "--web", "--no-open", "--port", "0"]);
    const [, url = ""] = await running.waitForStdout(URL_LINE, 60_000);
    expect(running.stdout.split("\n")[0]).toMatch(URL_LINE);
    expect(running.stderr).not.toContain("Electron");

    const ui = await browser.newPage();
    await ui.goto(url);
    await ui.getByText("Loupe Studio", { exact: true }).first().waitFor();
    await ui.getByText("web mode").first().waitFor();
    await ui.close();
    // Without the token the API refuses the connection (close code 4401) before reading a message.
    const origin = new URL(url).origin;
    const code = await new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(`${origin.replace("http", "ws")}/studio-api`, { origin });
      socket.once("close", (closeCode) => resolve(closeCode));
      socket.once("error", reject);
    });
    expect(code).toBe(4401);

    const started = descendantPids(running.child.pid ?? 0);
    expect(started.length).toBeGreaterThan(0);
    running.child.kill("SIGTERM");
    await expect(running.exited).resolves.toBe(0);
    // No Chromium (or helper) of the Studio may be left running.
    await expect(waitUntilGone(started)).resolves.toEqual([]);
  });

  it("without an Electron binary says so in one line and serves web mode instead", async () => {
    running = startLoupe(["studio", "--no-open", "--port", "0"]);
    await running.waitForStdout(URL_LINE, 60_000);
    const notice = running.stderr.split("\n").filter((line) => line.includes("Electron"));
    expect(notice).toHaveLength(1);
    expect(notice[0]).toMatch(
      /^Loupe Studio: no Electron binary \(its download never ran\), so it opens in web mode; for the desktop window, download it once with `node .+install\.js` \(needs internet\)\.$/,
    );
    running.child.kill("SIGTERM");
    await expect(running.exited).resolves.toBe(0);
  });

  it("with an Electron binary runs it on the built main script and returns its exit code", async () => {
    // A stand-in binary (the real one cannot be downloaded here): it records what it was asked to run.
    const dir = await mkdtemp(join(tmpdir(), "loupe-fake-electron-"));
    try {
      const record = join(dir, "args.txt");
      await writeFile(join(dir, "electron"), `#!/bin/sh\necho "$@" > "${record}"\nexit 3\n`);
      await chmod(join(dir, "electron"), 0o755);
      running = startLoupe(["studio"], { ELECTRON_OVERRIDE_DIST_PATH: dir });
      await expect(running.exited).resolves.toBe(3);
      expect((await readFile(record, "utf8")).trim()).toMatch(
        /electron[/\\]dist[/\\]electron-main[/\\]main\.js$/,
      );
      expect(running.stdout).toBe("");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("rejects a port that is no port", async () => {
    running = startLoupe(["studio", "--web", "--port", "http"]);
    await expect(running.exited).resolves.toBe(1);
    expect(running.stderr).toContain("--port takes a port number");
  });
});
