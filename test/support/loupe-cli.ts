/**
 * Runs the `loupe` command line from its TypeScript sources in a child process, as a user's shell would:
 * `node --conditions=@loupe/source --import tsx cli/src/main.ts …`. The condition makes
 * `@loupe/cloud` (and its `@loupe/core`) resolve to sources too, so a test never runs a stale build.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

const CLI = fileURLToPath(new URL("../../cli/src/main.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const NODE_ARGS = ["--conditions=@loupe/source", "--import", "tsx", CLI];

/** Variables that would point a child at some other cloud, key, proxy or model than the test's. */
const INHERITED_OUT = [
  "LOUPE_CLOUD_URL",
  "LOUPE_API_KEY",
  "LOUPE_PROXY_URLS",
  "LOUPE_MODEL",
  "LOUPE_MODEL_BASE_URL",
  "LOUPE_MODEL_API_KEY",
  "LOUPE_MODEL_MAX_INPUT_TOKENS",
];

function childEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const base = { ...process.env };
  for (const name of INHERITED_OUT) delete base[name];
  return { ...base, ...env };
}

/** How a finished run went. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `loupe …args` to completion (never rejects on a non-zero exit: the test checks `code`). */
export function runLoupe(args: string[], env: NodeJS.ProcessEnv = {}, timeoutMs = 60_000): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [...NODE_ARGS, ...args],
      { cwd: ROOT, env: childEnv(env), timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== "number") {
          reject(new Error(`loupe ${args.join(" ")} did not finish: ${error.message}\n${stderr}`));
          return;
        }
        resolve({ code: error ? (error.code as number) : 0, stdout, stderr });
      },
    );
  });
}

/** A `loupe` process left running (e.g. `cloud serve`). */
export interface RunningLoupe {
  child: ChildProcess;
  /** Everything written so far. */
  readonly stdout: string;
  readonly stderr: string;
  /** Resolves with the first stdout match of `pattern`, or rejects after `timeoutMs` or on exit. */
  waitForStdout(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string | null>;
  /** Kills the process if it still runs. */
  kill(): void;
}

/** Starts `loupe …args` and leaves it running. */
export function startLoupe(args: string[], env: NodeJS.ProcessEnv = {}): RunningLoupe {
  const child = spawn(process.execPath, [...NODE_ARGS, ...args], { cwd: ROOT, env: childEnv(env) });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | string | null>((resolve) => {
    child.once("exit", (code, signal) => resolve(code ?? signal));
  });
  return {
    child,
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
    exited,
    waitForStdout(pattern, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          const match = pattern.exec(stdout);
          if (match) {
            cleanup();
            resolve(match);
          }
          return match !== null;
        };
        const onExit = (): void => {
          cleanup();
          reject(
            new Error(`loupe ${args.join(" ")} exited before printing ${pattern}:\n${stdout}\n${stderr}`),
          );
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(
            new Error(
              `loupe ${args.join(" ")} printed no ${pattern} within ${timeoutMs} ms:\n${stdout}\n${stderr}`,
            ),
          );
        }, timeoutMs);
        const cleanup = (): void => {
          clearTimeout(timer);
          child.stdout.off("data", check);
          child.off("exit", onExit);
        };
        if (check()) return;
        child.stdout.on("data", check);
        child.once("exit", onExit);
      });
    },
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    },
  };
}
