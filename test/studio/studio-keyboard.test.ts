/**
 * The Studio by keyboard alone: the live view never traps focus (Tab, Shift+Tab, Esc and F6 leave it;
 * Ctrl+M sends Tab and Esc to the page instead), arrow keys move between panel tabs, Monaco says how
 * to leave its Tab capture, and a whole extract runs without the mouse, with a round timeout accepted
 * and an invalid one refused out loud. At each of the three window sizes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator } from "playwright-core";
import { startStudioHarness, type StudioHarness } from "../support/studio-harness.js";
import { WINDOW_SIZES } from "../support/window-sizes.js";

interface FocusedElement {
  role: string | null;
  label: string | null;
  text: string;
  inLiveView: boolean;
  inEditor: boolean;
}

describe("the Studio by keyboard", () => {
  let h: StudioHarness;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    h = await startStudioHarness();
    h.ui.on("pageerror", (error) => pageErrors.push(error.message));
    await h.ui.getByRole("img", { name: "The page, live" }).waitFor();
    await h.ui.locator(".schema-editor-host .monaco-editor").waitFor();
  });
  afterAll(async () => {
    await h?.close();
    expect(pageErrors).toEqual([]);
  });

  /** What has focus, described the way the assertions need it (run in the page, with its DOM). */
  function focused(): Promise<FocusedElement> {
    return h.ui.evaluate<FocusedElement>(`(() => {
      const element = document.activeElement;
      return {
        role: element?.getAttribute("role") ?? null,
        label: element?.getAttribute("aria-label") ?? null,
        text: (element?.textContent ?? "").trim().slice(0, 40),
        inLiveView: element?.closest(".live-surface") !== null,
        inEditor: element?.closest(".schema-editor-host") !== null,
      };
    })()`);
  }

  /** Whether the element `locator` finds has focus. */
  function hasFocus(locator: Locator): Promise<boolean> {
    return locator.evaluate(
      (element: unknown) =>
        element === (globalThis as { document?: { activeElement: unknown } }).document?.activeElement,
    );
  }

  const liveView = () => h.ui.getByRole("application", { name: "Live view of the page" });

  for (const size of WINDOW_SIZES) {
    describe(`at ${size.width}×${size.height}`, () => {
      beforeAll(async () => {
        await h.ui.setViewportSize(size);
      });

      it("leaves the live view with Tab, Shift+Tab, Esc and F6", async () => {
        await liveView().focus();
        await h.ui.keyboard.press("Tab");
        expect((await focused()).inLiveView).toBe(false);

        await liveView().focus();
        await h.ui.keyboard.press("Shift+Tab");
        expect((await focused()).inLiveView).toBe(false);

        await liveView().focus();
        await h.ui.keyboard.press("Escape");
        expect(await focused()).toMatchObject({ role: "tab", text: "Extract", inLiveView: false });

        await liveView().focus();
        await h.ui.keyboard.press("F6");
        expect(await focused()).toMatchObject({ role: "tab", text: "Extract" });
        // F6 goes round every region and back: header, page (the address bar), live view, tools.
        await h.ui.keyboard.press("F6");
        expect((await focused()).inLiveView).toBe(false);
        await h.ui.keyboard.press("F6");
        expect(await focused()).toMatchObject({ label: "Address" });
        await h.ui.keyboard.press("F6");
        expect((await focused()).inLiveView).toBe(true);
        await h.ui.keyboard.press("Shift+F6");
        expect(await focused()).toMatchObject({ label: "Address" });
      });

      it("sends Tab to the page after Ctrl+M, and F6 still leaves", async () => {
        await liveView().focus();
        const hint = h.ui.locator(".live-keys");
        expect(await hint.textContent()).toContain("Ctrl+M sends Tab and Esc to it");
        await h.ui.keyboard.press("Control+m");
        await expect.poll(() => hint.textContent()).toContain("Tab and Esc go to the page");
        await h.ui.keyboard.press("Tab");
        await h.ui.keyboard.press("Escape");
        expect((await focused()).inLiveView).toBe(true);
        await h.ui.keyboard.press("F6");
        expect((await focused()).inLiveView).toBe(false);
        // Back to the default for the next test.
        await liveView().focus();
        await h.ui.keyboard.press("Control+m");
        await expect.poll(() => hint.textContent()).toContain("Tab, Esc or F6 leave");
      });

      it("moves between panel tabs with the arrow keys, Home and End", async () => {
        const tabs = h.ui.getByRole("tablist", { name: "Tools" });
        await tabs.getByRole("tab", { name: "Extract" }).focus();
        const selected = async () => {
          const state = await focused();
          const current = await tabs.locator('[aria-selected="true"]').textContent();
          expect(state.text).toBe(current);
          return current;
        };
        await h.ui.keyboard.press("ArrowRight");
        expect(await selected()).toBe("Snapshot");
        await h.ui.keyboard.press("End");
        expect(await selected()).toBe("Settings");
        await h.ui.keyboard.press("ArrowRight");
        expect(await selected()).toBe("Extract");
        await h.ui.keyboard.press("ArrowLeft");
        expect(await selected()).toBe("Settings");
        await h.ui.keyboard.press("Home");
        expect(await selected()).toBe("Extract");
        expect(await h.ui.getByRole("tabpanel", { name: "Extract" }).isVisible()).toBe(true);
        // Only the selected tab is in the Tab order: Tab goes into the panel, not to the next tab.
        await h.ui.keyboard.press("Tab");
        expect((await focused()).role).not.toBe("tab");
      });

      it("says how to leave Monaco's Tab capture, and Ctrl+M lets Tab out", async () => {
        await h.ui.locator(".schema-editor-host .view-lines").click();
        const hint = h.ui.locator(".schema-tab-key");
        expect(await hint.textContent()).toContain("Tab indents · Ctrl+M to move focus out with Tab");
        await h.ui.keyboard.press("Control+m");
        await expect.poll(() => hint.textContent()).toContain("Tab moves focus out of the editor");
        await h.ui.keyboard.press("Tab");
        expect((await focused()).inEditor).toBe(false);
        await h.ui.locator(".schema-editor-host .view-lines").click();
        await h.ui.keyboard.press("Control+m");
        await expect.poll(() => hint.textContent()).toContain("Tab indents");
      });
    });
  }

  it("runs a whole extract by keyboard, with a round timeout, and refuses a bad one out loud", async () => {
    await h.ui.setViewportSize(WINDOW_SIZES[1]);
    const { ui } = h;
    // From the live view, F6 reaches the tools; Tab walks into the Extract panel's instruction.
    await liveView().focus();
    await ui.keyboard.press("F6");
    await ui.keyboard.press("Tab");
    const instruction = ui.getByRole("form", { name: "Extract" }).getByLabel("Instruction");
    expect(await hasFocus(instruction)).toBe(true);
    await ui.keyboard.press("ControlOrMeta+A");
    await ui.keyboard.press("Delete"); // an empty instruction: the page text, no model call

    const timeout = ui.getByRole("form", { name: "Extract" }).getByLabel("Timeout (ms)");
    await timeout.focus();
    await ui.keyboard.type("2.5");
    await ui.keyboard.press("ControlOrMeta+Enter");
    const alert = ui.getByRole("form", { name: "Extract" }).getByRole("alert");
    await expect.poll(() => alert.textContent()).toContain("Timeout (ms)");
    expect(await hasFocus(timeout)).toBe(true);

    await ui.keyboard.press("ControlOrMeta+A");
    await ui.keyboard.type("3000");
    await ui.keyboard.press("ControlOrMeta+Enter");
    const result = ui.getByRole("region", { name: "Result" });
    await expect.poll(() => result.textContent(), { timeout: 30_000 }).toMatch(/Lighthouse Keeper/);
    expect(await alert.count()).toBe(0);
    // The run is kept once its thumbnail is taken, just after the answer.
    await expect
      .poll(async () => (await h.studio.service.handlers["history.list"]({})).runs[0]?.input)
      .toMatchObject({ options: { timeout: 3000 } });
  });
});
