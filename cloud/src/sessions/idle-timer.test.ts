import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IdleTimer } from "./idle-timer.js";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("IdleTimer", () => {
  it("fires once after the idle time with no touch", () => {
    const onIdle = vi.fn();
    new IdleTimer(1_000, onIdle);
    vi.advanceTimersByTime(999);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    vi.advanceTimersByTime(5_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it("counts from the last touch", () => {
    const onIdle = vi.fn();
    const timer = new IdleTimer(1_000, onIdle);
    vi.advanceTimersByTime(800);
    timer.touch();
    vi.advanceTimersByTime(800);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it("does not fire while work runs, and counts from its end", async () => {
    const onIdle = vi.fn();
    const timer = new IdleTimer(1_000, onIdle);
    let finish: () => void = () => {};
    const work = timer.during(() => new Promise<void>((resolve) => (finish = resolve)));
    vi.advanceTimersByTime(5_000);
    expect(onIdle).not.toHaveBeenCalled();
    finish();
    await work;
    vi.advanceTimersByTime(999);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_001);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it("never fires once stopped", () => {
    const onIdle = vi.fn();
    new IdleTimer(1_000, onIdle).stop();
    vi.advanceTimersByTime(5_000);
    expect(onIdle).not.toHaveBeenCalled();
  });
});
