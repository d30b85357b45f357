/**
 * CPU time of processes on Linux, from /proc/PID/stat (user + system, all threads of the process), to
 * say where a benchmark's cores went. Elsewhere it answers undefined and the bench says so.
 */
import { readFileSync } from "node:fs";

/** Linux's USER_HZ: the unit of /proc's CPU times (100 on every common kernel). */
const TICKS_PER_SECOND = 100;

/** CPU seconds each process has used so far; a process that is gone is left out. */
export function cpuSeconds(pids: readonly number[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // The command name (field 2) may hold spaces: fields after its closing parenthesis, from field 3.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      out.set(pid, (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND);
    } catch {
      // Gone, or no /proc.
    }
  }
  return out;
}

/** The command name of a process (`postgres`, `node`), or undefined. */
export function commandName(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return undefined;
  }
}
