import { chmod, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasDisplay, openAppModeWindow } from "./app-mode-window.js";

describe("openAppModeWindow", () => {
  let dir: string;
  let fakeChromium: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "loupe-app-window-"));
    fakeChromium = join(dir, "chromium");
    // A stand-in browser that records its arguments and stays open until it is told to quit.
    await writeFile(
      fakeChromium,
      `#!/bin/sh\nprintf '%s\\n' "$@" > "${join(dir, "args.txt")}"\nexec sleep 60\n`,
    );
    await chmod(fakeChromium, 0o755);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("opens the address as an app in a throwaway profile without background traffic, and close() ends it all", async () => {
    const window = openAppModeWindow("http://127.0.0.1:9/#token=t", fakeChromium);
    let args: string[] = [];
    for (let i = 0; i < 50 && args.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      args = await readFile(join(dir, "args.txt"), "utf8").then(
        (text) => text.trim().split("\n"),
        () => [],
      );
    }
    expect(args).toContain("--app=http://127.0.0.1:9/#token=t");
    for (const flag of ["--no-first-run", "--disable-background-networking", "--disable-component-update"])
      expect(args).toContain(flag);
    const profile = args.find((arg) => arg.startsWith("--user-data-dir="))?.slice("--user-data-dir=".length);
    expect(profile).toBeDefined();
    await expect(stat(profile ?? "")).resolves.toBeDefined();

    await window.close();
    await expect(window.exited).resolves.toMatchObject({ code: null });
    await expect(stat(profile ?? "")).rejects.toThrow();
  });

  it("reports a browser that cannot start as exited, and close() still cleans up", async () => {
    const window = openAppModeWindow("http://127.0.0.1:9/", join(dir, "no-such-browser"));
    await expect(window.exited).resolves.toMatchObject({ code: null });
    await window.close();
  });
});

describe("hasDisplay", () => {
  it("needs X or Wayland on Linux, nothing on macOS and Windows", () => {
    expect(hasDisplay({}, "linux")).toBe(false);
    expect(hasDisplay({ DISPLAY: ":0" }, "linux")).toBe(true);
    expect(hasDisplay({ WAYLAND_DISPLAY: "wayland-0" }, "linux")).toBe(true);
    expect(hasDisplay({}, "darwin")).toBe(true);
  });
});
