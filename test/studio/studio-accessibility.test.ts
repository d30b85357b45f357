/**
 * axe-core on every panel of the Studio, as shown in Chromium at each window size: no serious or
 * critical WCAG 2.1 A/AA violation anywhere on screen (the page column included).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousAxeViolations } from "../support/axe-scan.js";
import { startStudioHarness, type StudioHarness } from "../support/studio-harness.js";
import { WINDOW_SIZES } from "../support/window-sizes.js";

const PANELS = ["Extract", "Snapshot", "Act", "Fetch", "History", "Flow", "Settings"] as const;

describe("accessibility of every panel", () => {
  let h: StudioHarness;

  beforeAll(async () => {
    h = await startStudioHarness();
    await h.ui.getByRole("img", { name: "The page, live" }).waitFor();
    await h.ui.locator(".schema-editor-host .monaco-editor").waitFor();
  });
  afterAll(async () => {
    await h?.close();
  });

  for (const size of WINDOW_SIZES) {
    it(`has no serious or critical violations at ${size.width}×${size.height}`, async () => {
      await h.ui.setViewportSize(size);
      const found: Record<string, unknown> = {};
      for (const panel of PANELS) {
        await h.ui.getByRole("tab", { name: panel, exact: true }).click();
        await h.ui.getByRole("tabpanel", { name: panel }).waitFor();
        const violations = await seriousAxeViolations(h.ui);
        if (violations.length > 0) found[panel] = violations;
      }
      expect(found).toEqual({});
    });
  }
});
