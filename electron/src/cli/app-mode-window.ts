import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A Chromium window showing the Studio in app mode (no tabs, no address bar). */
export interface AppModeWindow {
  /** The browser's process id (undefined when it could not be started). */
  pid: number | undefined;
  /** Resolves when the browser has exited, with how long it ran and its exit code. */
  exited: Promise<{ code: number | null; ranMs: number }>;
  /** Ends the browser (if it still runs) and removes its throwaway profile. */
  close(): Promise<void>;
}

/**
 * Opens `url` in an installed Chromium as an app window, in a throwaway profile so it never touches the
 * user's own browser profile, and without the background traffic (updates, field trials) a fresh
 * profile would start. `url` goes on the browser's command line, which every user of the machine can
 * read: it must carry no secret. `extraArgs` adds switches (tests run it headless).
 */
export function openAppModeWindow(
  url: string,
  chromiumPath: string,
  options: { extraArgs?: string[] } = {},
): AppModeWindow {
  const profile = mkdtempSync(join(tmpdir(), "loupe-studio-window-"));
  const args = [
    `--app=${url}`,
    `--user-data-dir=${profile}`,
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1440,900",
    // Chromium refuses to start as root with its sandbox on; a root desktop session is the only case.
    ...(process.getuid?.() === 0 ? ["--no-sandbox"] : []),
    ...(options.extraArgs ?? []),
  ];
  const started = Date.now();
  const child = spawn(chromiumPath, args, { stdio: "ignore" });
  const exited = new Promise<{ code: number | null; ranMs: number }>((resolve) => {
    child.once("exit", (code) => resolve({ code, ranMs: Date.now() - started }));
    child.once("error", () => resolve({ code: null, ranMs: Date.now() - started }));
  });
  return {
    pid: child.pid,
    exited,
    async close() {
      if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
        child.kill("SIGTERM");
        const killLater = setTimeout(() => child.kill("SIGKILL"), 5_000);
        await exited;
        clearTimeout(killLater);
      }
      // Chromium's helper processes can still be writing the profile just after the browser exits, which
      // makes one removal fail with ENOTEMPTY: retry for a few seconds, and never fail the close over a
      // temporary directory.
      await rm(profile, { recursive: true, force: true, maxRetries: 30, retryDelay: 100 }).catch(() => {});
    },
  };
}

/** Whether a window can be shown at all (Linux/BSD need an X or Wayland display). */
export function hasDisplay(env: NodeJS.ProcessEnv = process.env, platform = process.platform): boolean {
  if (platform === "darwin" || platform === "win32") return true;
  return Boolean(env["DISPLAY"] || env["WAYLAND_DISPLAY"]);
}
