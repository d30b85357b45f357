/** Starting and stopping Loupe Cloud instances as processes of their own, for the instances bench. */
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { REPO_ROOT } from "../repo-paths.js";
import { withTimeout } from "../with-timeout.js";
import type { InstanceSpec } from "./cloud-instance-process.js";

const ENTRY = fileURLToPath(new URL("./cloud-instance-process.ts", import.meta.url));

/** A running instance: where it serves, the key of project "bench" it made, its process. */
export interface InstanceProcess {
  url: string;
  key: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts one instance over the store in `spec` and waits until it serves. */
export async function startInstance(spec: InstanceSpec): Promise<InstanceProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", ENTRY, JSON.stringify(spec)], {
    cwd: REPO_ROOT,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const stop = () => stopProcess(child);
  try {
    const first = await withTimeout(firstLine(child), 60_000, "an instance to start");
    const { url, key } = JSON.parse(first) as { url: string; key: string };
    return { url, key, pid: child.pid!, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once("line", (line) => {
      lines.close();
      resolve(line);
    });
    child.once("exit", (code) => reject(new Error(`the instance exited (${code}) before serving`)));
  });
}

/** SIGTERM (the instance closes its server and store), then SIGKILL if it has not gone in 30 s. */
async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  try {
    await withTimeout(exited, 30_000, "an instance to stop");
  } catch {
    child.kill("SIGKILL");
    await exited;
  }
}
