import { beforeEach, describe, expect, it, vi } from "vitest";

/** The thread's port, faked: what the worker posts is recorded, tasks are emitted as "message". */
const port = await vi.hoisted(async () => {
  const { EventEmitter } = await import("node:events");
  const fake = Object.assign(new EventEmitter(), {
    posted: [] as unknown[],
    postMessage: (message: unknown) => fake.posted.push(message),
  });
  return fake;
});
vi.mock("node:worker_threads", () => ({ parentPort: port }));

const { serveWorkerTasks } = await import("./worker-tasks.js");

/** Waits until the worker has posted `count` messages. */
async function posted(count: number): Promise<unknown[]> {
  await vi.waitFor(() => expect(port.posted.length).toBeGreaterThanOrEqual(count));
  return port.posted;
}

describe("serveWorkerTasks", () => {
  beforeEach(() => {
    port.removeAllListeners();
    port.posted = [];
  });

  it("says it is ready, then answers each task with the handler's result, awaited when a promise", async () => {
    serveWorkerTasks(async (request: number) => request * 2);
    port.emit("message", { id: 1, request: 21 });
    expect(await posted(2)).toEqual([{ ready: true }, { id: 1, ok: true, result: 42 }]);
  });

  it("answers a thrown or rejected task with its message", async () => {
    serveWorkerTasks(async (request: string) => {
      throw new Error(`no ${request}`);
    });
    port.emit("message", { id: 7, request: "thing" });
    expect((await posted(2))[1]).toEqual({ id: 7, ok: false, message: "no thing" });
  });

  it("prepares before each task and says it started it before answering, one task at a time", async () => {
    const order: string[] = [];
    let release: () => void = () => {};
    serveWorkerTasks((request: string) => (order.push(`run ${request}`), request), {
      prepare: () => {
        order.push("prepare");
        return new Promise<void>((resolve) => (release = resolve));
      },
    });
    port.emit("message", { id: 1, request: "a" });
    port.emit("message", { id: 2, request: "b" });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Still preparing the first: nothing started, the second waits its turn.
    expect(port.posted).toEqual([{ ready: true }]);
    release();
    await posted(3);
    await vi.waitFor(() => expect(order).toEqual(["prepare", "run a", "prepare"]));
    release();
    expect(await posted(5)).toEqual([
      { ready: true },
      { id: 1, started: true },
      { id: 1, ok: true, result: "a" },
      { id: 2, started: true },
      { id: 2, ok: true, result: "b" },
    ]);
  });
});
