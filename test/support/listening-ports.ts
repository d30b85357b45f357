/**
 * The TCP ports a set of processes listens on, from /proc (Linux): the listening sockets of
 * /proc/net/tcp and tcp6, matched by inode to the processes' open file descriptors.
 */
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { createServer } from "node:net";

/** Ports (sorted, unique) on which any of `pids` holds a listening TCP socket. */
export function listeningPorts(pids: readonly number[]): number[] {
  const listening = new Map<string, number>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let lines: string[];
    try {
      lines = readFileSync(table, "utf8").trim().split("\n").slice(1);
    } catch {
      continue;
    }
    for (const line of lines) {
      const fields = line.trim().split(/\s+/);
      // local_address is "ADDR:PORT" in hex; state 0A is LISTEN; field 9 is the inode.
      if (fields[3] !== "0A") continue;
      listening.set(fields[9]!, parseInt(fields[1]!.split(":")[1]!, 16));
    }
  }
  const ports = new Set<number>();
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        const port = inode ? listening.get(inode) : undefined;
        if (port !== undefined) ports.add(port);
      } catch {
        // Closed between the listing and the read.
      }
    }
  }
  return [...ports].sort((a, b) => a - b);
}

/**
 * A loopback port that was free a moment ago (a server listened on it and closed): for a process that
 * needs its port on the command line, or for an address where nobody answers.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}
