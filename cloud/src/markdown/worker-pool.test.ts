import { afterAll, describe, expect, it } from "vitest";
import { MarkdownConversionError } from "./conversion-error.js";
import { closeMarkdownWorkers, htmlToMarkdown } from "./index.js";
import { MarkdownWorkerPool } from "./worker-pool.js";

const PAGE = "<title>A page title here</title><p>Hello <a href='/x'>world</a>.</p>";

/** A worker that takes pages and never answers: a conversion stuck in a loop, without relying on real input. */
const HANGING_WORKER = new URL(
  "data:text/javascript," +
    encodeURIComponent(
      "import { parentPort } from 'node:worker_threads';\n" +
        "parentPort.on('message', () => { for (;;) {} });\n" +
        "parentPort.postMessage({ ready: true });",
    ),
);

/** 5 MB of tables nested in tables: parsing alone takes far longer than the deadlines below. */
function nestedTables(bytes: number): string {
  const unit = "<table><tr><td>cell ";
  return unit.repeat(Math.ceil(bytes / unit.length));
}

async function rejection(promise: Promise<unknown>): Promise<MarkdownConversionError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(MarkdownConversionError);
    return error as MarkdownConversionError;
  }
  throw new Error("expected the conversion to fail");
}

describe("MarkdownWorkerPool", () => {
  const pools: MarkdownWorkerPool[] = [];
  const pool = (options: ConstructorParameters<typeof MarkdownWorkerPool>[0]) => {
    const created = new MarkdownWorkerPool(options);
    pools.push(created);
    return created;
  };
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.close()));
    await closeMarkdownWorkers();
  });

  it("converts in a worker thread, and reuses it", async () => {
    const p = pool({ size: 1 });
    expect(await p.convert(PAGE, "https://example.com/a/")).toEqual({
      markdown: "# A page title here\n\nHello [world](https://example.com/x).\n",
      title: "A page title here",
    });
    // Warm: no thread start this time.
    const started = performance.now();
    expect((await p.convert("<p>again</p>", "https://example.com/")).markdown).toBe("again\n");
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("stops a hostile page at the deadline, then converts the next page normally", async () => {
    const p = pool({ size: 1 });
    await p.convert("<p>warm</p>", "https://example.com/");
    const deadlineMs = 300;
    const started = performance.now();
    const error = await rejection(p.convert(nestedTables(5_000_000), "https://example.com/", { deadlineMs }));
    const elapsed = performance.now() - started;
    expect(error.code).toBe("deadline_exceeded");
    expect(error.message).toMatch(/longer than 300 ms/);
    expect(elapsed).toBeGreaterThanOrEqual(deadlineMs - 5);
    // Far sooner than parsing 5 MB of nested tables takes; the slack is for a loaded machine.
    expect(elapsed).toBeLessThan(deadlineMs + 3_000);
    expect((await p.convert(PAGE, "https://example.com/")).title).toBe("A page title here");
  });

  it("terminates a worker stuck in a loop (injected), and pages queued behind it still convert", async () => {
    const stuck = pool({ size: 1, deadlineMs: 200, workerUrl: HANGING_WORKER });
    const started = performance.now();
    const [first, second] = await Promise.allSettled([
      stuck.convert(PAGE, "https://example.com/"),
      stuck.convert(PAGE, "https://example.com/"),
    ]);
    expect(first.status === "rejected" && (first.reason as MarkdownConversionError).code).toBe(
      "deadline_exceeded",
    );
    // The second waited for a fresh worker (which hangs too) and got its own deadline, counted from
    // when that worker had started: each thread start (slow on a loaded machine) is not the page's.
    expect(second.status === "rejected" && (second.reason as MarkdownConversionError).code).toBe(
      "deadline_exceeded",
    );
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  it("runs pages on two workers side by side", async () => {
    const p = pool({ size: 2 });
    const pages = Array.from({ length: 6 }, (_, i) => p.convert(`<p>page ${i}</p>`, "https://example.com/"));
    expect((await Promise.all(pages)).map((r) => r.markdown)).toEqual(
      Array.from({ length: 6 }, (_, i) => `page ${i}\n`),
    );
  });

  it("serves each project's pages in turn: a burst from one project does not starve another", async () => {
    const p = pool({ size: 1 });
    await p.convert("<p>warm</p>", "https://example.com/");
    const finished: string[] = [];
    const convert = (key: string, label: string) =>
      p.convert(`<p>${label}</p>`, "https://example.com/", { key }).then(() => finished.push(label));
    const burst = Array.from({ length: 8 }, (_, i) => convert("busy-project", `busy ${i}`));
    const other = convert("other-project", "other");
    await Promise.all([...burst, other]);
    expect(finished.indexOf("other")).toBeLessThanOrEqual(2);
  });

  it("drops a waiting page whose request went away, and stops a running one", async () => {
    const stuck = pool({ size: 1, deadlineMs: 60_000, workerUrl: HANGING_WORKER });
    const running = new AbortController();
    const waiting = new AbortController();
    const first = rejection(stuck.convert(PAGE, "https://example.com/", { signal: running.signal }));
    const second = rejection(stuck.convert(PAGE, "https://example.com/", { signal: waiting.signal }));
    expect(stuck.queued).toBe(1);
    waiting.abort();
    expect((await second).code).toBe("cancelled");
    expect(stuck.queued).toBe(0);
    const started = performance.now();
    running.abort();
    const error = await first;
    expect(error.code).toBe("cancelled");
    expect(error.message).toMatch(/request went away/);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("rejects conversions under way and later ones once closed", async () => {
    const p = pool({ size: 1, workerUrl: HANGING_WORKER });
    const pending = rejection(p.convert(PAGE, "https://example.com/"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await p.close();
    expect((await pending).code).toBe("pool_closed");
    expect((await rejection(p.convert(PAGE, "https://example.com/"))).code).toBe("pool_closed");
  });
});

describe("htmlToMarkdown (shared pool)", () => {
  it("converts, closes, and starts a new pool on the next call", async () => {
    expect((await htmlToMarkdown("<p>one</p>", "https://example.com/")).markdown).toBe("one\n");
    await closeMarkdownWorkers();
    expect((await htmlToMarkdown("<p>two</p>", "https://example.com/")).markdown).toBe("two\n");
    await closeMarkdownWorkers();
  });
});
