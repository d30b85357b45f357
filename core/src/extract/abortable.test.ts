import { describe, expect, it } from "vitest";
import { ClientError, ExtractTimeoutError } from "../errors.js";
import { abortablePageRead } from "./abortable.js";

const never = new Promise<never>(() => {});

describe("abortablePageRead", () => {
  it("says the page was being read when the call's timeout ends the read", async () => {
    const controller = new AbortController();
    const reading = abortablePageRead(never, controller.signal);
    controller.abort(new ExtractTimeoutError("act", 500));
    const error = await reading.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExtractTimeoutError);
    expect(error).toMatchObject({ operation: "act", timeoutMs: 500, whileReadingPage: true });
    expect((error as Error).message).toMatch(
      /^act\(\) did not finish within its timeout of 500 ms: the page had not answered/,
    );
  });

  it("passes other ends through as they are: a cancel, the read's own failure, its value", async () => {
    const controller = new AbortController();
    const cancelled = abortablePageRead(never, controller.signal);
    const cancel = new ClientError("Cancelled.");
    controller.abort(cancel);
    await expect(cancelled).rejects.toBe(cancel);
    const failure = new Error("frame gone");
    await expect(abortablePageRead(Promise.reject(failure), new AbortController().signal)).rejects.toBe(
      failure,
    );
    await expect(abortablePageRead(Promise.resolve(7), new AbortController().signal)).resolves.toBe(7);
  });
});
