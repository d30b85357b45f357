import { readdir, readFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findChromium } from "@loupe/core/engine";
import { openStudioWindow } from "../../electron/src/cli/studio-window.js";
import type { LaunchTicket } from "../../electron/src/node/studio-web-server.js";
import { startStudioHarness, type StudioHarness } from "../support/studio-harness.js";

/** Every process's command line on this machine, as any local user can read them. */
async function allCommandLines(): Promise<string[]> {
  const lines: string[] = [];
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const line = await readFile(`/proc/${entry}/cmdline`, "latin1").catch(() => "");
    if (line) lines.push(line.replaceAll("\0", " "));
  }
  return lines;
}

/** A loopback port nothing listens on right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Launch pages still on disk that hold `code`. */
async function launchPagesHolding(code: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(tmpdir())) {
    if (!entry.startsWith("loupe-studio-launch-")) continue;
    const dir = join(tmpdir(), entry);
    for (const file of await readdir(dir).catch(() => []))
      if ((await readFile(join(dir, file), "utf8").catch(() => "")).includes(code))
        found.push(join(dir, file));
  }
  return found;
}

describe("the Studio in web mode", () => {
  let h: StudioHarness;
  beforeAll(async () => {
    h = await startStudioHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it("shows the Studio with its panels", async () => {
    await expect(h.ui.getByRole("tab", { name: "Extract" }).isVisible()).resolves.toBe(true);
    expect(await h.ui.getByText("web mode").count()).toBe(1);
    await h.screenshot("launch");
  });

  it("connects from a launch address, which carries a one-time code instead of the token", async () => {
    const launchUrl = h.studio.launch().url;
    const window = await h.browser.newPage();
    try {
      await window.goto(launchUrl);
      await window.getByRole("tab", { name: "Extract" }).waitFor();
      // The code was traded for the token, which the address now holds, so a reload still connects.
      expect(new URL(window.url()).hash).toMatch(/^#token=/);
      await window.reload();
      await window.getByRole("tab", { name: "Extract" }).waitFor();
    } finally {
      await window.close();
    }
    // The same launch address again: its code is spent, and the page says what to do.
    const again = await h.browser.newPage();
    try {
      await again.goto(launchUrl);
      await again
        .getByRole("alert")
        .getByText(/used or has expired/)
        .waitFor();
    } finally {
      await again.close();
    }
  });

  it("opens its window on a 0600 file: no command line holds the token or the code, and the UI connects", async () => {
    const tickets: LaunchTicket[] = [];
    const studio = {
      launch: () => {
        const ticket = h.studio.launch();
        tickets.push(ticket);
        return ticket;
      },
    };
    const port = await freePort();
    const window = await openStudioWindow(studio, findChromium(undefined), {
      // Headless here (no display); the same switches as an app window otherwise.
      extraArgs: ["--headless=new", "--no-sandbox", "--disable-gpu", `--remote-debugging-port=${port}`],
    });
    let browser: Browser | undefined;
    try {
      const code = new URL(tickets[0]!.url).hash.slice("#launch=".length);
      const token = new URLSearchParams(new URL(h.studio.url).hash.slice(1)).get("token") ?? "";
      expect(code.length).toBeGreaterThan(20);
      expect(window.pid).toBeDefined();
      const own = (await readFile(`/proc/${window.pid}/cmdline`, "latin1")).split("\0");
      expect(own.find((arg) => arg.startsWith("--app="))).toMatch(/^--app=file:\/\/.*\/open-studio\.html$/);

      await expect(tickets[0]!.settled).resolves.toBe("traded");
      browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
      const ui = browser
        .contexts()
        .flatMap((context) => context.pages())
        .find((page) => page.url().startsWith(`http://127.0.0.1:${h.studio.port}/`));
      expect(ui).toBeDefined();
      await ui!.getByRole("tab", { name: "Extract" }).waitFor();
      expect(new URL(ui!.url()).hash).toMatch(/^#token=/);

      // The window and every process of its browser are up: no command line on the machine holds either.
      const lines = await allCommandLines();
      expect(lines.some((line) => line.includes("open-studio.html"))).toBe(true);
      for (const line of lines) {
        expect(line).not.toContain(code);
        expect(line).not.toContain(token);
      }
      // Traded: the page that carried the code is gone.
      await expect.poll(() => launchPagesHolding(code), { timeout: 10_000 }).toEqual([]);
    } finally {
      await browser?.close().catch(() => {});
      await window.close();
    }
  });
});
