import { describe, expect, it } from "vitest";
import { wrappedTabTarget } from "./tab-wrap.js";

describe("Tab in a focus trap", () => {
  it("wraps from the last element to the first, and back with Shift+Tab", () => {
    expect(wrappedTabTarget(2, 3, false)).toBe(0);
    expect(wrappedTabTarget(0, 3, true)).toBe(2);
  });

  it("leaves a move inside the trap to the browser", () => {
    expect(wrappedTabTarget(0, 3, false)).toBeUndefined();
    expect(wrappedTabTarget(2, 3, true)).toBeUndefined();
  });

  it("brings focus from outside to an end, and does nothing with nothing to focus", () => {
    expect(wrappedTabTarget(-1, 3, false)).toBe(0);
    expect(wrappedTabTarget(-1, 3, true)).toBe(2);
    expect(wrappedTabTarget(-1, 0, false)).toBeUndefined();
  });
});
