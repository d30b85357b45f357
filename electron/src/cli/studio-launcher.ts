import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { findChromium } from "@loupe/core/engine";
import { startWebStudio, type WebStudio } from "../node/web-studio.js";
import { hasDisplay, type AppModeWindow } from "./app-mode-window.js";
import { findElectronBinary } from "./electron-binary.js";
import { openStudioWindow } from "./studio-window.js";

/** How `loupe studio` was asked to run. */
export interface LaunchOptions {
  /** Force web mode even where Electron is installed. */
  web: boolean;
  /** Web mode's port; 0 picks a free one. */
  port: number;
  /** Web mode: open an app-mode Chromium window on the address. */
  open: boolean;
}

/** The built main script; Electron runs JavaScript only, so even a run from sources uses dist/. */
const ELECTRON_MAIN = fileURLToPath(new URL("../../dist/electron-main/main.js", import.meta.url));

const STOP_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/**
 * Starts the Studio: the Electron window where an Electron binary exists, else (or with `--web`) the
 * same UI served on 127.0.0.1 with a per-launch token. Resolves with the exit code once it has stopped.
 */
export async function launchStudio(options: LaunchOptions): Promise<number> {
  if (!options.web) {
    const electron = findElectronBinary();
    if (electron.found && existsSync(ELECTRON_MAIN)) return runElectron(electron.path);
    // One line, then the same Studio in a browser: the machine may simply have no internet for Electron.
    process.stderr.write(
      electron.found
        ? "Loupe Studio: the desktop app is not built, so it opens in web mode; `npm run build -w @loupe/studio` builds it.\n"
        : `Loupe Studio: no Electron binary (${electron.reason}), so it opens in web mode; for the desktop window, ${electron.remedy}.\n`,
    );
  }
  return runWeb(options);
}

/** Runs Electron on the main script and passes Ctrl+C/SIGTERM on, so it quits through its own path. */
async function runElectron(binary: string): Promise<number> {
  const env = { ...process.env };
  // Set in some shells and CI images; it would make Electron a plain Node and ignore the app.
  delete env["ELECTRON_RUN_AS_NODE"];
  const child = spawn(binary, [ELECTRON_MAIN], { stdio: "inherit", env });
  const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
  const forwarders = STOP_SIGNALS.map((signal) => [signal, forward(signal)] as const);
  for (const [signal, handler] of forwarders) process.on(signal, handler);
  const code = await new Promise<number>((resolve) => {
    child.once("exit", (exitCode, signal) => resolve(exitCode ?? (signal ? 0 : 1)));
    child.once("error", (error) => {
      process.stderr.write(`Loupe Studio: Electron did not start: ${error.message}\n`);
      resolve(1);
    });
  });
  for (const [signal, handler] of forwarders) process.off(signal, handler);
  return code;
}

/**
 * Web mode until a stop signal, or until the user closes the app-mode window we opened. The signal
 * handlers go on first and stay until everything is closed: a signal during start-up (or a second one
 * during shutdown) then still ends in a clean stop instead of Node's default exit, which would leave
 * the service's Chromium behind.
 */
async function runWeb(options: LaunchOptions): Promise<number> {
  let stopping = false;
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => {
    stop = () => {
      stopping = true;
      resolve();
    };
  });
  const onSignal = (): void => stop();
  for (const signal of STOP_SIGNALS) process.on(signal, onSignal);
  let window: AppModeWindow | undefined;
  try {
    const studio = await startWebStudio({ port: options.port });
    try {
      if (!stopping) {
        // The first stdout line, stable for scripts and tests to wait for.
        process.stdout.write(`Loupe Studio: ${studio.url}\n`);
        // The window gets a one-time launch code in a file only this user can read, never on its
        // command line (which every user of the machine can read).
        if (options.open) window = await openWindow(studio, stop, () => stopping);
      }
      await stopped;
    } finally {
      await window?.close();
      await studio.close();
    }
  } finally {
    for (const signal of STOP_SIGNALS) process.off(signal, onSignal);
  }
  return 0;
}

/**
 * Opens the Studio in an installed Chromium in app mode when a window can be shown; otherwise says to
 * open the address by hand. When the user closes that window, the Studio stops with it, as a desktop app
 * would.
 */
async function openWindow(
  studio: WebStudio,
  stop: () => void,
  stopping: () => boolean,
): Promise<AppModeWindow | undefined> {
  let chromium: string;
  try {
    chromium = findChromium(undefined);
  } catch {
    process.stdout.write("No Chrome or Chromium found to open it in: open the address above in a browser.\n");
    return undefined;
  }
  if (!hasDisplay()) {
    process.stdout.write("No display to open a window on: open the address above in a browser.\n");
    return undefined;
  }
  const window = await openStudioWindow(studio, chromium);
  void window.exited.then(({ code, ranMs }) => {
    if (stopping()) return;
    // A quick or failed exit is a browser that could not show a window, not a user closing it.
    if (code === 0 && ranMs > 3_000) stop();
    else process.stdout.write("The Chromium window did not open: open the address above in a browser.\n");
  });
  return window;
}
