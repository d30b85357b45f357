/**
 * Find in the snapshot of a 15,000-line page, on the real UI at each window size: every occurrence
 * counted ("i of n", checked against the snapshot text counted here another way), Enter and Shift+Enter
 * (and the buttons, and the keyboard alone) step through them and wrap, the current one is marked and in
 * view even at the far end of the page, only the lines in view are in the DOM, a line's element is still
 * highlighted on the live view, and axe finds nothing serious.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousAxeViolations } from "../support/axe-scan.js";
import { serveCatalog } from "../support/catalog-site.js";
import { resizeWindow } from "../support/live-view.js";
import { startStudioHarness, type StudioHarness } from "../support/studio-harness.js";
import { WINDOW_SIZES } from "../support/window-sizes.js";

/** Compact cards: about two snapshot lines each, so this is a page of more than 15,000 lines. */
const CARDS = 7_600;
/** Far fewer rows than lines, whatever the window: the list is virtualized. */
const MAX_ROWS = 200;

/** Occurrences of an ASCII word in the text, case-insensitive, counted apart from the UI's own code. */
function occurrences(text: string, word: string): number {
  return text.toLowerCase().split(word.toLowerCase()).length - 1;
}

describe("find in a 15,000-line snapshot", () => {
  let h: StudioHarness;
  let text = "";

  beforeAll(async () => {
    h = await startStudioHarness();
    const path = serveCatalog(h.servers, "/catalog-15k/", CARDS, { compact: true });
    const address = h.ui.getByRole("textbox", { name: "Address" });
    await address.fill(`${h.servers.originA}${path}`);
    await address.press("Enter");
    await h.ui.getByRole("tab", { name: "Snapshot", exact: true }).click();
    // The first row says how many lines the whole list has (expect.poll is for tests, not hooks).
    const firstRow = h.ui.getByRole("list", { name: "Snapshot" }).getByRole("listitem").first();
    const until = Date.now() + 120_000;
    while (Number(await firstRow.getAttribute("aria-setsize").catch(() => 0)) < 15_000) {
      if (Date.now() > until)
        throw new Error(
          `the snapshot panel never showed 15,000 lines (it says: ${await h.ui
            .locator(".snapshot-message")
            .textContent({ timeout: 1_000 })
            .catch(() => "nothing")})`,
        );
      await h.ui.waitForTimeout(250);
    }
    // The page is whole (the panel reads it once it has loaded): the same text the panel shows.
    text = (await h.studio.service.handlers["snapshot.get"]({})).text;
  }, 180_000);
  afterAll(async () => {
    await h?.close();
  });

  const search = () => h.ui.getByRole("searchbox", { name: "Search the snapshot" });
  const count = () => h.ui.locator(".snapshot-matches");
  const list = () => h.ui.getByRole("list", { name: "Snapshot" });
  const currentMark = () => list().locator("mark[aria-current]");

  /**
   * Empties the search and waits until the marks are gone, so the next query starts from the top: typed
   * on from a query, find goes on from where the current match is, as a browser's find does.
   */
  async function clearSearch(): Promise<void> {
    await search().fill("");
    await expect.poll(() => list().locator("mark").count()).toBe(0);
  }

  /** Where the current occurrence is: its line (1-based) and whether it lies inside the list's box. */
  async function currentPlace(): Promise<{ line: number; inView: boolean; text: string }> {
    const mark = currentMark();
    await mark.waitFor();
    const line = Number(await mark.locator("xpath=ancestor::li").getAttribute("aria-posinset"));
    const box = (await mark.boundingBox())!;
    const frame = (await h.ui.locator(".snapshot-scroller").boundingBox())!;
    const inView =
      box.x >= frame.x &&
      box.x + box.width <= frame.x + frame.width &&
      box.y >= frame.y &&
      box.y + box.height <= frame.y + frame.height;
    return { line, inView, text: (await mark.textContent()) ?? "" };
  }

  for (const size of WINDOW_SIZES) {
    it(`counts, steps and marks at ${size.width}×${size.height}`, { timeout: 120_000 }, async () => {
      await resizeWindow(h.ui, size);
      const lines = Number(await list().getByRole("listitem").first().getAttribute("aria-setsize"));
      const walnut = occurrences(text, "walnut");
      expect(walnut).toBeGreaterThan(500);

      await clearSearch();
      await search().fill("WALNUT");
      const of = (i: number) => `${i.toLocaleString("en-US")} of ${walnut.toLocaleString("en-US")}`;
      await expect.poll(() => count().textContent()).toBe(of(1));
      const first = await currentPlace();
      expect(first.text.toLowerCase()).toBe("walnut");
      expect(first.inView).toBe(true);
      // Other occurrences in view are marked too, but only one is current.
      expect(await list().locator("mark").count()).toBeGreaterThan(1);
      expect(await currentMark().count()).toBe(1);

      await search().press("Enter");
      await expect.poll(() => count().textContent()).toBe(of(2));
      await search().press("Enter");
      await expect.poll(() => count().textContent()).toBe(of(3));
      const third = await currentPlace();
      expect(third.line).toBeGreaterThan(first.line);
      await search().press("Shift+Enter");
      await expect.poll(() => count().textContent()).toBe(of(2));
      await search().press("Shift+Enter");
      await search().press("Shift+Enter");
      // Before the first is the last, at the far end of the page: scrolled to and drawn.
      await expect.poll(() => count().textContent()).toBe(of(walnut));
      const last = await currentPlace();
      expect(last.line).toBeGreaterThan(lines * 0.95);
      expect(last.inView).toBe(true);
      await h.ui.getByRole("button", { name: "Next match" }).click();
      await expect.poll(() => count().textContent()).toBe(of(1));
      expect((await currentPlace()).line).toBe(first.line);
      await h.ui.getByRole("button", { name: "Previous match" }).click();
      await expect.poll(() => count().textContent()).toBe(of(walnut));
      expect((await currentPlace()).inView).toBe(true);

      // Only the rows in view (and a few around them) are in the DOM.
      const drawn = await list().getByRole("listitem").count();
      expect(drawn).toBeGreaterThan(10);
      expect(drawn).toBeLessThanOrEqual(MAX_ROWS);

      expect(await seriousAxeViolations(h.ui)).toEqual([]);
      await h.screenshot(`snapshot-search-${size.width}x${size.height}`);
    });
  }

  it("counts several occurrences on one line apart, and says when there are none", async () => {
    // "o" is in most words: lines with two and more of them.
    await clearSearch();
    await search().fill("o");
    const o = occurrences(text, "o");
    expect(o).toBeGreaterThan(text.split("\n").filter((line) => /o/i.test(line)).length);
    await expect.poll(() => count().textContent()).toBe(`1 of ${o.toLocaleString("en-US")}`);
    await search().fill("no such words on the page");
    await expect.poll(() => count().textContent()).toBe("No matches");
    expect(await h.ui.getByRole("button", { name: "Next match" }).isDisabled()).toBe(true);
    await search().press("Enter");
    expect(await count().textContent()).toBe("No matches");
  });

  it("steps with the keyboard alone and still highlights a line's element on the live view", async () => {
    await search().fill("walnut");
    await expect.poll(() => count().textContent()).toMatch(/^1 of /);
    await search().focus();
    // Tab from the search reaches the step buttons; Space presses them.
    await h.ui.keyboard.press("Tab");
    await h.ui.keyboard.press("Tab");
    expect(await h.ui.evaluate("document.activeElement?.getAttribute('aria-label')")).toBe("Next match");
    await h.ui.keyboard.press("Space");
    await expect.poll(() => count().textContent()).toMatch(/^2 of /);
    // The current match is on a product's link line: clicking it shows that element on the live view.
    const line = list()
      .getByRole("button")
      .filter({ has: h.ui.locator("mark[aria-current]") });
    expect(await line.textContent()).toMatch(/link: /);
    await line.click();
    await h.ui.getByText(/^Highlighted .* on the live view$/).waitFor();
  });
});
