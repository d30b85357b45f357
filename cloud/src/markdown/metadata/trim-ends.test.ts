import { describe, expect, it } from "vitest";
import { trimEnds } from "./trim-ends.js";

describe("trimEnds", () => {
  it("drops the set's characters at both ends only", () => {
    expect(trimEnds(`"“2025-01-01”"`, `"“”`)).toBe("2025-01-01");
    expect(trimEnds(", Jo, Lee | ", " ,|")).toBe("Jo, Lee");
    expect(trimEnds(",,,", ",")).toBe("");
    expect(trimEnds("", ",")).toBe("");
  });
});
