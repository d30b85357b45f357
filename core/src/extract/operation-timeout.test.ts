import { afterEach, describe, expect, it, vi } from "vitest";
import { ExtractTimeoutError } from "../errors.js";
import { abortOnTimeout } from "./operation-timeout.js";

describe("abortOnTimeout", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("aborts with ExtractTimeoutError naming the operation and the timeout", () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    abortOnTimeout(controller, "act", 250);
    vi.advanceTimersByTime(249);
    expect(controller.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(controller.signal.reason).toBeInstanceOf(ExtractTimeoutError);
    expect(controller.signal.reason).toMatchObject({ operation: "act", timeoutMs: 250 });
  });

  it("sets nothing without a timeout, and never fires once cancelled", () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    abortOnTimeout(controller, "extract", undefined)();
    abortOnTimeout(controller, "extract", 10)();
    vi.advanceTimersByTime(1_000);
    expect(controller.signal.aborted).toBe(false);
  });
});
