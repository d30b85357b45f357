/**
 * Memory of a process tree on Linux, from /proc: PSS where the kernel offers it (shared pages split
 * between the processes that share them, so Chromium's many processes are not counted many times over),
 * else RSS. Elsewhere it answers undefined and the bench says so.
 */
import { readdirSync, readFileSync } from "node:fs";

/** The process and all its descendants. */
export function processTree(rootPid: number): number[] {
  const children = new Map<number, number[]>();
  let entries: string[];
  try {
    entries = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return [rootPid];
  }
  for (const name of entries) {
    try {
      // The command name (field 2) may hold spaces and parentheses: read after its closing one.
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(name));
      children.set(ppid, list);
    } catch {
      // Gone between the listing and the read.
    }
  }
  const out: number[] = [];
  const stack = [rootPid];
  while (stack.length) {
    const pid = stack.pop()!;
    out.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return out;
}

/** Bytes of memory of these processes (PSS, else RSS); undefined when /proc cannot be read. */
export function memoryOf(pids: readonly number[]): number | undefined {
  let total = 0;
  let read = false;
  for (const pid of pids) {
    const kb = field(`/proc/${pid}/smaps_rollup`, "Pss") ?? field(`/proc/${pid}/status`, "VmRSS");
    if (kb !== undefined) {
      total += kb * 1024;
      read = true;
    }
  }
  return read ? total : undefined;
}

function field(file: string, name: string): number | undefined {
  try {
    const match = new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(readFileSync(file, "utf8"));
    return match?.[1] ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}
