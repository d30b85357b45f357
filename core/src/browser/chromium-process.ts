import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ClientError } from "../errors.js";

/** How to start the local browser (SURFACE §2.1 `localBrowser`). */
export interface LocalBrowserOptions {
  /** The Chrome/Chromium binary; default: found by `findChromium`. */
  executablePath?: string;
  /** Run without a window. Default `true`. */
  headless?: boolean;
  /** Extra command-line switches, appended after Loupe's own. */
  args?: string[];
  /** The window's inner size. Default 1280×720. */
  viewport?: { width: number; height: number };
}

/** Switches that keep Chromium from reaching for the network on its own (updates, sync, metrics). */
const QUIET_SWITCHES = [
  "--no-first-run",
  "--no-default-browser-check",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-default-apps",
  "--disable-domain-reliability",
  "--metrics-recording-only",
  "--password-store=basic",
  "--use-mock-keychain",
];

/** A Chromium this process started, reachable over DevTools at `wsEndpoint`. */
export interface ChromiumProcess {
  wsEndpoint: string;
  /** The browser's process id (its renderers are its children), for resource accounting. */
  readonly pid: number | undefined;
  /** Resolves when the process has exited, with its exit code or signal. */
  exited: Promise<string>;
  /** Whether the process has exited. */
  readonly hasExited: boolean;
  /** Ends the process and removes its temporary profile. Safe to call more than once. */
  kill(): Promise<void>;
}

/**
 * Starts Chromium with a fresh temporary profile and remote debugging on a free port, and waits for its
 * DevTools endpoint. A process of our own (rather than Playwright's pipe) gives every library, and the
 * user, one websocket URL to attach to.
 */
export async function launchChromium(
  executablePath: string,
  options: LocalBrowserOptions,
  startTimeoutMs = 30_000,
): Promise<ChromiumProcess> {
  const profile = await mkdtemp(join(tmpdir(), "loupe-chromium-"));
  const { width, height } = options.viewport ?? { width: 1280, height: 720 };
  const args = [
    ...QUIET_SWITCHES,
    "--remote-debugging-port=0",
    `--user-data-dir=${profile}`,
    `--window-size=${width},${height}`,
    ...(options.headless === false ? [] : ["--headless=new", "--hide-scrollbars", "--mute-audio"]),
    // Chromium refuses to start its sandbox as root (containers, CI); everywhere else it keeps it.
    ...(process.getuid?.() === 0 ? ["--no-sandbox"] : []),
    ...(options.args ?? []),
    "about:blank",
  ];
  const child = spawn(executablePath, args, { stdio: ["ignore", "ignore", "pipe"] });
  let exited = false;
  const exitedPromise = new Promise<string>((resolve) => {
    child.once("exit", (code, signal) => {
      exited = true;
      resolve(signal ?? `code ${code}`);
    });
  });
  exitedPromise.finally(() => rm(profile, { recursive: true, force: true }).catch(() => {}));

  let wsEndpoint: string;
  try {
    wsEndpoint = await readDevToolsEndpoint(child, exitedPromise, startTimeoutMs, executablePath);
  } catch (error) {
    child.kill("SIGKILL");
    await exitedPromise;
    throw error;
  }
  // Nothing else reads stderr from here on; keep draining it so a chatty browser never blocks on a full pipe.
  child.stderr?.resume();

  return {
    wsEndpoint,
    pid: child.pid,
    exited: exitedPromise,
    get hasExited() {
      return exited;
    },
    async kill() {
      if (!exited) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 3_000);
        await exitedPromise;
        clearTimeout(timer);
      }
      await rm(profile, { recursive: true, force: true }).catch(() => {});
    },
  };
}

function readDevToolsEndpoint(
  child: ChildProcess,
  exited: Promise<string>,
  timeoutMs: number,
  executablePath: string,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let stderr = "";
    const timer = setTimeout(
      () => fail(`Chromium (${executablePath}) did not open its DevTools endpoint within ${timeoutMs} ms.`),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(stderr);
      if (match?.[1]) {
        clearTimeout(timer);
        child.stderr?.off("data", onData);
        resolve(match[1]);
      }
    };
    child.stderr?.on("data", onData);
    child.once("error", (error) => fail(`Could not start Chromium at ${executablePath}: ${error.message}`));
    void exited.then((how) => fail(`Chromium (${executablePath}) exited (${how}) before it was ready.`));
    function fail(message: string) {
      clearTimeout(timer);
      const tail = stderr.trim().split("\n").slice(-5).join("\n");
      reject(new ClientError(tail ? `${message}\nIts last output:\n${tail}` : message));
    }
  });
}
