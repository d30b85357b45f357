import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStudioHarness, type StudioHarness } from "../support/studio-harness.js";

describe("the Studio in web mode", () => {
  let h: StudioHarness;
  beforeAll(async () => {
    h = await startStudioHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it("shows the Studio with its panels", async () => {
    await expect(h.ui.getByRole("tab", { name: "Extract" }).isVisible()).resolves.toBe(true);
    expect(await h.ui.getByText("web mode").count()).toBe(1);
    await h.screenshot("launch");
  });
});
