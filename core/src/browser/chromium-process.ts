import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable, Writable } from "node:stream";
import type { CdpTransport } from "../cdp/cdp-transport.js";
import { PipeTransport } from "../cdp/pipe-transport.js";
import { ClientError } from "../errors.js";

/** How to start the local browser (the `localBrowser` option of `new Client`). */
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

/** A Chromium this process started: its process, whatever its DevTools are reached by. */
interface StartedChromium {
  /** The browser's process id (its renderers are its children), for resource accounting. */
  readonly pid: number | undefined;
  /** Resolves when the process has exited, with its exit code or signal. */
  exited: Promise<string>;
  /** Whether the process has exited. */
  readonly hasExited: boolean;
  /** Ends the process and removes its temporary profile. Safe to call more than once. */
  kill(): Promise<void>;
}

/** A Chromium this process started, reachable over DevTools at `wsEndpoint`. */
export interface ChromiumProcess extends StartedChromium {
  wsEndpoint: string;
}

/** A Chromium this process started with no DevTools port: its DevTools are the pipe `transport`. */
export interface PipedChromiumProcess extends StartedChromium {
  transport: CdpTransport;
}

/** How a server that runs browsers for others starts one, beyond the browser options. */
export interface ChromiumSpawnOptions {
  /** The browser's whole environment; default: this process's. */
  env?: NodeJS.ProcessEnv;
  /** The profile directory, owned by the caller; default: a temporary one, removed when the browser exits. */
  userDataDir?: string;
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
  const { child, browser } = await startChromium(executablePath, options, "--remote-debugging-port=0", {});
  let wsEndpoint: string;
  try {
    wsEndpoint = await readDevToolsEndpoint(child, browser.exited, startTimeoutMs, executablePath);
  } catch (error) {
    child.kill("SIGKILL");
    await browser.exited;
    throw error;
  }
  // Nothing else reads stderr from here on; keep draining it so a chatty browser never blocks on a full pipe.
  child.stderr?.resume();
  return Object.assign(browser, { wsEndpoint });
}

/**
 * Starts Chromium with its DevTools on a pipe (`--remote-debugging-pipe`) instead of a port, and waits
 * until it answers on it. With no port, no other process and no page can reach the browser's DevTools
 * or its `/json` endpoints: only whoever holds `transport`.
 */
export async function launchChromiumWithPipe(
  executablePath: string,
  options: LocalBrowserOptions,
  spawnOptions: ChromiumSpawnOptions = {},
  startTimeoutMs = 30_000,
): Promise<PipedChromiumProcess> {
  const { child, browser } = await startChromium(
    executablePath,
    options,
    "--remote-debugging-pipe",
    spawnOptions,
  );
  const transport = new PipeTransport(child.stdio[3] as Writable, child.stdio[4] as Readable);
  try {
    await awaitPipeAnswer(transport, child, browser.exited, startTimeoutMs, executablePath);
  } catch (error) {
    transport.close();
    child.kill("SIGKILL");
    await browser.exited;
    throw error;
  }
  child.stderr?.resume();
  return Object.assign(browser, { transport });
}

async function startChromium(
  executablePath: string,
  options: LocalBrowserOptions,
  debugging: string,
  { env, userDataDir }: ChromiumSpawnOptions,
): Promise<{ child: ChildProcess; browser: StartedChromium }> {
  const ownProfile = userDataDir === undefined;
  const profile = userDataDir ?? (await mkdtemp(join(tmpdir(), "loupe-chromium-")));
  const removeProfile = () =>
    ownProfile ? rm(profile, { recursive: true, force: true }).catch(() => {}) : Promise.resolve();
  const { width, height } = options.viewport ?? { width: 1280, height: 720 };
  const args = [
    ...QUIET_SWITCHES,
    debugging,
    `--user-data-dir=${profile}`,
    `--window-size=${width},${height}`,
    ...(options.headless === false ? [] : ["--headless=new", "--hide-scrollbars", "--mute-audio"]),
    // Chromium refuses to start its sandbox as root (containers, CI); everywhere else it keeps it.
    ...(process.getuid?.() === 0 ? ["--no-sandbox"] : []),
    ...(options.args ?? []),
    "about:blank",
  ];
  // fds 3 and 4 are the DevTools pipe: Chromium reads commands from 3 and writes to 4.
  const pipe = debugging === "--remote-debugging-pipe";
  const child = spawn(executablePath, args, {
    stdio: pipe ? ["ignore", "ignore", "pipe", "pipe", "pipe"] : ["ignore", "ignore", "pipe"],
    ...(env ? { env } : {}),
  });
  let exited = false;
  const exitedPromise = new Promise<string>((resolve) => {
    child.once("exit", (code, signal) => {
      exited = true;
      resolve(signal ?? `code ${code}`);
    });
  });
  exitedPromise.finally(removeProfile);
  return {
    child,
    browser: {
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
        await removeProfile();
      },
    },
  };
}

/** The id of the one command the launcher sends on a pipe, far above any id a client counts up to. */
const READY_PROBE_ID = 2_000_000_000;

/** Waits for the browser's answer to a probe on its pipe, failing with its last output like the port wait. */
function awaitPipeAnswer(
  transport: PipeTransport,
  child: ChildProcess,
  exited: Promise<string>,
  timeoutMs: number,
  executablePath: string,
): Promise<void> {
  const output = collectOutput(child);
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => fail(`Chromium (${executablePath}) did not answer on its DevTools pipe within ${timeoutMs} ms.`),
      timeoutMs,
    );
    transport.onmessage = (message) => {
      if (!message.startsWith(`{"id":${READY_PROBE_ID},`)) return;
      clearTimeout(timer);
      transport.onmessage = undefined;
      output.stop();
      resolve();
    };
    child.once("error", (error) => fail(`Could not start Chromium at ${executablePath}: ${error.message}`));
    void exited.then((how) => fail(`Chromium (${executablePath}) exited (${how}) before it was ready.`));
    transport.send(JSON.stringify({ id: READY_PROBE_ID, method: "Browser.getVersion" }));
    function fail(message: string) {
      clearTimeout(timer);
      output.stop();
      reject(new ClientError(withOutput(message, output.text())));
    }
  });
}

/** Keeps the browser's stderr while it starts, for the error when it does not. */
function collectOutput(child: ChildProcess): { text(): string; stop(): void } {
  let stderr = "";
  const onData = (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-8_192);
  };
  child.stderr?.on("data", onData);
  return { text: () => stderr, stop: () => child.stderr?.off("data", onData) };
}

function withOutput(message: string, stderr: string): string {
  const tail = stderr.trim().split("\n").slice(-5).join("\n");
  return tail ? `${message}\nIts last output:\n${tail}` : message;
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
      reject(new ClientError(withOutput(message, stderr)));
    }
  });
}
