import { describe, expect, it } from "vitest";
import { runParts } from "./run-parts.js";

const never = (signal: AbortSignal) =>
  new Promise<never>((_, reject) =>
    signal.addEventListener("abort", () => reject(signal.reason), { once: true }),
  );

describe("runParts", () => {
  it("keeps at most `concurrency` tasks in flight and returns results in part order", async () => {
    let inFlight = 0;
    let most = 0;
    const results = await runParts(
      [5, 1, 4, 2, 3],
      async (n) => {
        most = Math.max(most, ++inFlight);
        await new Promise((r) => setTimeout(r, n * 3));
        inFlight--;
        return n * 10;
      },
      { concurrency: 2, signal: new AbortController().signal },
    );
    expect(results).toEqual([50, 10, 40, 20, 30]);
    expect(most).toBe(2);
  });

  it("aborts every task in flight at the first failure and rejects with it", async () => {
    const aborted: number[] = [];
    const failure = new Error("part 2 failed");
    const run = runParts(
      [1, 2, 3, 4],
      async (n, signal) => {
        if (n === 2) {
          await new Promise((r) => setTimeout(r, 5));
          throw failure;
        }
        signal.addEventListener("abort", () => aborted.push(n));
        return never(signal);
      },
      { concurrency: 3, signal: new AbortController().signal },
    );
    await expect(run).rejects.toBe(failure);
    expect(aborted.sort()).toEqual([1, 3]);
  });

  it("aborts every task in flight when the caller's signal aborts, with its reason", async () => {
    const controller = new AbortController();
    const started: number[] = [];
    const run = runParts([1, 2, 3], (n, signal) => (started.push(n), never(signal)), {
      concurrency: 2,
      signal: controller.signal,
    });
    const reason = new Error("timeout");
    setTimeout(() => controller.abort(reason), 5);
    await expect(run).rejects.toBe(reason);
    expect(started).toEqual([1, 2]);
  });
});
