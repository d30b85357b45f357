import { describe, expect, it } from "vitest";
import { FairQueue } from "./fair-queue.js";

describe("FairQueue", () => {
  it("serves keys in turn, so one key's burst does not hold up another key", () => {
    const queue = new FairQueue<string>();
    for (let i = 0; i < 5; i++) queue.push("busy", `busy-${i}`);
    queue.push("quiet", "quiet-0");
    queue.push("other", "other-0");
    expect(queue.size).toBe(7);
    const order = Array.from({ length: 7 }, () => queue.shift());
    expect(order).toEqual(["busy-0", "quiet-0", "other-0", "busy-1", "busy-2", "busy-3", "busy-4"]);
    expect(queue.shift()).toBeUndefined();
    expect(queue.size).toBe(0);
  });

  it("keeps each key's own order, and a key that comes back queues at the end of the round", () => {
    const queue = new FairQueue<number>();
    queue.push("a", 1);
    queue.push("a", 2);
    queue.push("b", 10);
    expect(queue.shift()).toBe(1);
    queue.push("c", 100);
    expect([queue.shift(), queue.shift(), queue.shift()]).toEqual([10, 2, 100]);
  });

  it("removes a queued item (a caller that went away), and its key leaves the round when empty", () => {
    const queue = new FairQueue<string>();
    queue.push("a", "a1");
    queue.push("b", "b1");
    queue.push("a", "a2");
    expect(queue.remove("b", "b1")).toBe(true);
    expect(queue.remove("b", "b1")).toBe(false);
    expect(queue.size).toBe(2);
    expect([queue.shift(), queue.shift()]).toEqual(["a1", "a2"]);
  });

  it("drains everything", () => {
    const queue = new FairQueue<string>();
    queue.push("a", "x");
    queue.push("b", "y");
    expect(queue.drain().sort()).toEqual(["x", "y"]);
    expect(queue.size).toBe(0);
    expect(queue.shift()).toBeUndefined();
  });
});
