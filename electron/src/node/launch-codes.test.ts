import { afterEach, describe, expect, it, vi } from "vitest";
import { LaunchCodes } from "./launch-codes.js";

describe("LaunchCodes", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("trades a code once for the token, and settles it as traded", async () => {
    const codes = new LaunchCodes("the-token");
    const { code, settled } = codes.create();
    expect(code).toMatch(/^[\w-]{24}$/);
    expect(codes.redeem(code)).toBe("the-token");
    await expect(settled).resolves.toBe("traded");
    expect(codes.redeem(code)).toBeUndefined();
  });

  it("lets a code expire after a minute, settling it as expired", async () => {
    vi.useFakeTimers();
    const codes = new LaunchCodes("the-token");
    const { code, settled } = codes.create();
    vi.advanceTimersByTime(60_001);
    await expect(settled).resolves.toBe("expired");
    expect(codes.redeem(code)).toBeUndefined();
  });

  it("settles every pending code when cleared (the server closing)", async () => {
    const codes = new LaunchCodes("the-token");
    const { code, settled } = codes.create();
    codes.clear();
    await expect(settled).resolves.toBe("expired");
    expect(codes.redeem(code)).toBeUndefined();
  });
});
