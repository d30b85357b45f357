/**
 * Loupe Cloud on one or two instances: `/v1/fetch` throughput and p95 latency, `format: "raw"` and
 * `format: "markdown"`, of a loopback article page, with 8 clients at once, on (a) one instance over
 * SQLite, (b) one instance over Postgres, (c) two instances over the same Postgres, the clients
 * alternating between them (a round-robin balancer at its simplest). Each instance is a process of its
 * own, as in a deployment; the Postgres is a throwaway cluster (test/support/postgres-cluster.ts).
 *
 * What a request costs the store: on SQLite the key looked up, the project's count in memory and a usage
 * row batched every 200 ms; on Postgres the key looked up (one round trip), a lease taken (one: the
 * store's `loupe_take_lease`) and deleted (one), and the same batched usage. Medians of 3 runs, the
 * setups interleaved in each run so that neither
 * always meets the machine busier. Where the cores went (the bench's own process — clients and target
 * page —, the instances, Postgres) is read from /proc around each timed run.
 */
import { createServer } from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { Agent, request } from "undici";
import {
  createTestDatabase,
  postgresUnavailable,
  startPostgresCluster,
  type PostgresCluster,
  type TestDatabase,
} from "../../test/support/postgres-cluster.js";
import type { BenchSection } from "../bench-section.js";
import { markdownTable } from "../markdown-table.js";
import { processTree } from "../sessions/process-memory.js";
import { median, percentile, ratio } from "../stats.js";
import { startInstance, type InstanceProcess } from "./instance-processes.js";
import { commandName, cpuSeconds } from "./process-cpu.js";

const CLIENTS = 8;
const RUNS = 3;
type Format = "raw" | "markdown";
const FORMATS: Format[] = ["raw", "markdown"];
/** Timed requests per run, after an untimed warm-up; markdown costs a conversion each. */
const REQUESTS: Record<Format, number> = { raw: 2_000, markdown: 600 };
const WARM_UP: Record<Format, number> = { raw: 200, markdown: 60 };

interface Setup {
  label: string;
  store: "sqlite" | "postgres";
  instances: number;
}

const SETUPS: Setup[] = [
  { label: "1 instance, SQLite", store: "sqlite", instances: 1 },
  { label: "1 instance, Postgres", store: "postgres", instances: 1 },
  { label: "2 instances, one Postgres", store: "postgres", instances: 2 },
];

/** One timed run of one setup and format. */
interface Measurement {
  requestsPerSecond: number;
  p95: number;
  /** Cores busy on average during the run: the bench process, the instances, Postgres. */
  cores: { bench: number; instances: number; postgres: number } | undefined;
  /**
   * CPU milliseconds per fetch, all those processes together: what a fetch costs the machine, which
   * the other work on a shared machine moves less than it moves requests per second.
   */
  cpuMsPerFetch: number | undefined;
}

export const cloudInstancesSection: BenchSection = {
  name: "cloud-instances",
  title: "Loupe Cloud /v1/fetch on 1 vs 2 instances, SQLite vs Postgres (raw and markdown)",
  async run() {
    const loadBefore = loadavg();
    const target = createServer((_req, res) =>
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(PAGE),
    );
    await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
    const pageUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/article`;
    const missing = postgresUnavailable();
    const cluster: PostgresCluster | undefined = missing ? undefined : await startPostgresCluster();
    const setups = cluster ? SETUPS : SETUPS.filter((setup) => setup.store === "sqlite");
    const results = new Map<string, Measurement[]>();
    const keyOf = (setup: Setup, format: Format) => `${setup.label}|${format}`;
    try {
      for (let run = 1; run <= RUNS; run++)
        for (const setup of setups) {
          const started = await startSetup(setup, cluster);
          try {
            for (const format of FORMATS) {
              const measured = await measure(started.instances, pageUrl, format);
              const key = keyOf(setup, format);
              results.set(key, [...(results.get(key) ?? []), measured]);
            }
          } finally {
            await started.stop();
          }
        }
    } finally {
      await cluster?.stop();
      await new Promise((resolve) => target.close(resolve));
    }
    const loadAfter = loadavg();

    const summary = (setup: Setup, format: Format) => {
      const runs = results.get(keyOf(setup, format)) ?? [];
      const cores = runs.map((r) => r.cores).filter((c) => c !== undefined);
      return {
        runs,
        requestsPerSecond: median(runs.map((r) => r.requestsPerSecond)),
        p95: median(runs.map((r) => r.p95)),
        cpuMsPerFetch: median(runs.flatMap((r) => (r.cpuMsPerFetch === undefined ? [] : [r.cpuMsPerFetch]))),
        cores: cores.length
          ? {
              bench: median(cores.map((c) => c.bench))!,
              instances: median(cores.map((c) => c.instances))!,
              postgres: median(cores.map((c) => c.postgres))!,
            }
          : undefined,
      };
    };
    const fixed = (value: number | undefined, digits: number) =>
      value === undefined ? "—" : value.toFixed(digits);
    console.log(
      markdownTable(
        [
          "setup",
          "format",
          "req/s",
          "p95 ms",
          "req/s of each run",
          "CPU ms / fetch",
          "cores: bench / instances / Postgres",
        ],
        setups.flatMap((setup) =>
          FORMATS.map((format) => {
            const s = summary(setup, format);
            return [
              setup.label,
              format,
              fixed(s.requestsPerSecond, 0),
              fixed(s.p95, 1),
              s.runs.map((r) => r.requestsPerSecond.toFixed(0)).join(", "),
              fixed(s.cpuMsPerFetch, 2),
              s.cores
                ? `${s.cores.bench.toFixed(2)} / ${s.cores.instances.toFixed(2)} / ${s.cores.postgres.toFixed(2)}`
                : "—",
            ];
          }),
        ),
      ),
    );
    if (cluster) {
      const [sqlite, postgres, two] = SETUPS;
      const rows = FORMATS.flatMap((format) => {
        const [a, b, c] = [sqlite!, postgres!, two!].map((setup) => summary(setup, format));
        return [
          [
            "Postgres ÷ SQLite, 1 instance",
            format,
            fixed(ratio(b!.requestsPerSecond, a!.requestsPerSecond), 2),
            fixed(ratio(b!.p95, a!.p95), 2),
            fixed(ratio(b!.cpuMsPerFetch, a!.cpuMsPerFetch), 2),
          ],
          [
            "2 ÷ 1 instance, Postgres",
            format,
            fixed(ratio(c!.requestsPerSecond, b!.requestsPerSecond), 2),
            fixed(ratio(c!.p95, b!.p95), 2),
            fixed(ratio(c!.cpuMsPerFetch, b!.cpuMsPerFetch), 2),
          ],
        ];
      });
      console.log(`\n${markdownTable(["ratio", "format", "req/s", "p95", "CPU / fetch"], rows)}`);
    } else {
      console.log(`\nPostgres setups left out: ${missing}`);
    }
    console.log(
      `\nMedians of ${RUNS} runs; each run ${REQUESTS.raw} raw or ${REQUESTS.markdown} markdown fetches after ` +
        `${WARM_UP.raw} / ${WARM_UP.markdown} untimed, ${CLIENTS} clients at once, keep-alive; a ${PAGE.length}-byte ` +
        `HTML article on loopback. Cores: CPU seconds per wall second during the timed part, from /proc ` +
        `(the bench process holds the clients and the target page); CPU ms / fetch: all of them together, ` +
        `per fetch. Machine: ${availableParallelism()} cores; ` +
        `load average (1, 5, 15 min) ${loadBefore.map((l) => l.toFixed(2)).join(", ")} before, ` +
        `${loadAfter.map((l) => l.toFixed(2)).join(", ")} after.`,
    );
  },
};

/** The instances of a setup, each over a fresh store. */
async function startSetup(
  setup: Setup,
  cluster: PostgresCluster | undefined,
): Promise<{ instances: InstanceProcess[]; stop: () => Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), "loupe-bench-instances-"));
  let database: TestDatabase | undefined;
  const instances: InstanceProcess[] = [];
  const stop = async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    if (setup.store === "postgres") database = await createTestDatabase(cluster!.adminUrl);
    // One at a time: the first applies the migrations, the next finds them done.
    for (let i = 0; i < setup.instances; i++)
      instances.push(
        await startInstance({
          // Each instance its own directory: on Postgres it holds nothing, on SQLite there is one instance.
          dataDir: join(dataDir, String(i)),
          ...(database ? { databaseUrl: database.url } : {}),
          // Above the clients: the bench measures the service, not its refusals.
          maxConcurrentFetches: CLIENTS * 2,
        }),
      );
    return { instances, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** One run: warm-up, then the timed requests, alternating between the instances. */
async function measure(instances: InstanceProcess[], pageUrl: string, format: Format): Promise<Measurement> {
  const agent = new Agent({ connections: CLIENTS });
  let turn = 0;
  const call = async () => {
    const instance = instances[turn++ % instances.length]!;
    const answer = await request(`${instance.url}/v1/fetch`, {
      method: "POST",
      dispatcher: agent,
      headers: { authorization: `Bearer ${instance.key}`, "content-type": "application/json" },
      body: JSON.stringify({ url: pageUrl, format }),
    });
    const text = await answer.body.text();
    if (answer.statusCode !== 200)
      throw new Error(`/v1/fetch (${format}) answered ${answer.statusCode}: ${text.slice(0, 300)}`);
  };
  try {
    await runMany(WARM_UP[format], call, []);
    const pids = () => {
      const tree = processTree(process.pid).filter((pid) => pid !== process.pid);
      const instancePids = new Set(instances.flatMap((instance) => processTree(instance.pid)));
      return {
        instances: [...instancePids],
        postgres: tree.filter((pid) => !instancePids.has(pid) && commandName(pid) === "postgres"),
      };
    };
    const before = { pids: pids(), bench: process.cpuUsage() };
    const cpuBefore = cpuSeconds([...before.pids.instances, ...before.pids.postgres]);
    const latencies: number[] = [];
    const started = performance.now();
    await runMany(REQUESTS[format], call, latencies);
    const seconds = (performance.now() - started) / 1000;
    const benchCpu = process.cpuUsage(before.bench);
    const after = pids();
    const cpuAfter = cpuSeconds([...after.instances, ...after.postgres]);
    const used = (list: number[]) =>
      list.reduce((sum, pid) => sum + (cpuAfter.get(pid) ?? 0) - (cpuBefore.get(pid) ?? 0), 0);
    const cores =
      cpuAfter.size > 0
        ? {
            bench: (benchCpu.user + benchCpu.system) / 1e6 / seconds,
            instances: used(after.instances) / seconds,
            postgres: used(after.postgres) / seconds,
          }
        : undefined;
    return {
      requestsPerSecond: REQUESTS[format] / seconds,
      p95: percentile(latencies, 95)!,
      cores,
      cpuMsPerFetch: cores
        ? ((cores.bench + cores.instances + cores.postgres) * seconds * 1000) / REQUESTS[format]
        : undefined,
    };
  } finally {
    await agent.close();
  }
}

async function runMany(count: number, call: () => Promise<void>, latencies: number[]): Promise<void> {
  let next = 0;
  const client = async () => {
    while (next < count) {
      next++;
      const t = performance.now();
      await call();
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
}

/** A news article as pages have them: navigation and footer around the text, links, a list, a table. */
const PAGE = (() => {
  const paragraph = (i: number) =>
    `<p>Paragraph ${i} of the story: the council met on Tuesday and agreed, after a long debate about ` +
    `<a href="/topics/budget-${i}">the budget</a>, to fund the new library wing and to review the ` +
    `<a href="https://example.org/report-${i}">transport report</a> next month. Residents asked for more ` +
    `evening hours and a quieter reading room.</p>`;
  const nav = Array.from({ length: 30 }, (_, i) => `<li><a href="/section/${i}">Section ${i}</a></li>`).join(
    "",
  );
  const rows = Array.from(
    { length: 12 },
    (_, i) => `<tr><td>Item ${i}</td><td>${(i * 1234.5).toFixed(2)}</td><td>${2020 + (i % 6)}</td></tr>`,
  ).join("");
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Council funds the library wing</title></head>` +
    `<body><header><nav><ul>${nav}</ul></nav></header><main><article><h1>Council funds the library wing</h1>` +
    `<p class="byline">By A. Reporter, 24 November 2026</p>` +
    Array.from({ length: 30 }, (_, i) => paragraph(i)).join("") +
    `<h2>What was agreed</h2><ul>${Array.from({ length: 8 }, (_, i) => `<li>Decision ${i}: approved</li>`).join("")}</ul>` +
    `<h2>The figures</h2><table><thead><tr><th>Item</th><th>Cost</th><th>Year</th></tr></thead><tbody>${rows}</tbody></table>` +
    Array.from({ length: 10 }, (_, i) => paragraph(30 + i)).join("") +
    `</article><aside><h3>Most read</h3><ul>${nav}</ul></aside></main>` +
    `<footer><p>© 2026 The Example Gazette</p><ul>${nav}</ul></footer></body></html>`
  );
})();
