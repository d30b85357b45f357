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

  it("connects from a launch address, which carries a one-time code instead of the token", async () => {
    const launchUrl = h.studio.launchUrl();
    const window = await h.browser.newPage();
    try {
      await window.goto(launchUrl);
      await window.getByRole("tab", { name: "Extract" }).waitFor();
      // The code was traded for the token, which the address now holds, so a reload still connects.
      expect(new URL(window.url()).hash).toMatch(/^#token=/);
      await window.reload();
      await window.getByRole("tab", { name: "Extract" }).waitFor();
    } finally {
      await window.close();
    }
    // The same launch address again: its code is spent, and the page says what to do.
    const again = await h.browser.newPage();
    try {
      await again.goto(launchUrl);
      await again
        .getByRole("alert")
        .getByText(/used or has expired/)
        .waitFor();
    } finally {
      await again.close();
    }
  });
});
