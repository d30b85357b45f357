import { describe, expect, it } from "vitest";
import { tabKeyTarget } from "./tab-keys.js";

describe("tabKeyTarget", () => {
  it("moves with the arrows, wrapping at both ends", () => {
    expect(tabKeyTarget("ArrowRight", 0, 3)).toBe(1);
    expect(tabKeyTarget("ArrowRight", 2, 3)).toBe(0);
    expect(tabKeyTarget("ArrowLeft", 0, 3)).toBe(2);
    expect(tabKeyTarget("ArrowLeft", 2, 3)).toBe(1);
  });

  it("jumps to the ends with Home and End, and ignores other keys", () => {
    expect(tabKeyTarget("Home", 2, 3)).toBe(0);
    expect(tabKeyTarget("End", 0, 3)).toBe(2);
    expect(tabKeyTarget("ArrowDown", 1, 3)).toBeUndefined();
    expect(tabKeyTarget("ArrowRight", 0, 0)).toBeUndefined();
  });
});
