import { describe, expect, it } from "vitest";
import { timeoutOf } from "./timeout-text.js";

describe("a timeout field's text", () => {
  it("reads whole milliseconds above 0, round numbers included", () => {
    expect(timeoutOf("3000")).toBe(3000);
    expect(timeoutOf(" 1 ")).toBe(1);
    expect(timeoutOf("1e4")).toBe(10_000);
  });

  it("reads anything else as no timeout", () => {
    for (const text of ["", " ", "0", "-5", "2.5", "abc"]) expect(timeoutOf(text), text).toBeUndefined();
  });
});
