/** Processes a test starts, seen from outside: what they started in turn, and whether they still run. */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

/** Every process below `pid` (a server's Chromium and its helpers, theirs in turn). */
export function descendantPids(pid: number): number[] {
  let children: number[] = [];
  try {
    children = execFileSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
      .split("\n")
      .filter(Boolean)
      .map(Number);
  } catch {
    // pgrep exits 1 when there are none.
  }
  return children.flatMap((child) => [child, ...descendantPids(child)]);
}

/**
 * Whether `pid` still runs. A zombie waiting for its parent to reap it has stopped running, though
 * `kill(pid, 0)` still finds it: its state is read from /proc.
 */
export function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}
