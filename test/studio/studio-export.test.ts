/**
 * The export dialog in the real UI: it takes focus, keeps Tab inside, closes on Esc and gives focus
 * back; its programs open the page the tab shows, and the demo shop on a server of their own — run
 * here after the fact, with no Studio port in them.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runTs } from "../support/run-ts.js";
import { WINDOW_SIZES } from "../support/window-sizes.js";
import { STUDIO_ARTIFACTS, startStudioHarness, type StudioHarness } from "../support/studio-harness.js";

const SHOP = `<!doctype html><title>Shop</title><main><h1>Spring sale</h1></main>`;

describe("the export dialog", () => {
  let h: StudioHarness;
  beforeAll(async () => {
    h = await startStudioHarness();
    h.servers.route("/e2e/shop", () => SHOP);
  });
  afterAll(async () => {
    await h?.close();
  });

  const dialog = () => h.ui.getByRole("dialog", { name: "Export to code" });
  /** The focused element's accessible label or text, and whether it is inside the dialog. */
  const focus = () =>
    h.ui.evaluate(`(() => {
      const element = document.activeElement;
      return {
        name: element?.getAttribute("aria-label") ?? element?.textContent ?? "",
        inDialog: Boolean(element?.closest("dialog")),
      };
    })()`) as Promise<{ name: string; inDialog: boolean }>;

  it.each(WINDOW_SIZES)(
    "takes focus, keeps Tab inside, closes on Esc and gives focus back at $width×$height",
    async (size) => {
      await h.ui.setViewportSize(size);
      await h.ui.getByRole("button", { name: "Export to code" }).focus();
      await h.ui.keyboard.press("Enter");
      await dialog().waitFor();
      expect(await focus()).toEqual({ name: "Extract (TypeScript)", inDialog: true });

      // Round and round, both ways: focus never leaves for the page behind.
      for (const key of ["Tab", "Shift+Tab"])
        for (let press = 0; press < 6; press++) {
          await h.ui.keyboard.press(key);
          expect((await focus()).inDialog, `${key} × ${press + 1}`).toBe(true);
        }

      // The snippet tabs take arrow keys.
      await dialog().getByRole("tab", { name: "Extract (TypeScript)" }).focus();
      await h.ui.keyboard.press("ArrowRight");
      expect(await dialog().getByRole("tab", { selected: true }).textContent()).toBe("Act (TypeScript)");

      await h.ui.keyboard.press("Escape");
      await dialog().waitFor({ state: "detached" });
      expect(await focus()).toEqual({ name: "Export to code", inDialog: false });
    },
  );

  it("exports the demo shop as a program that serves it itself, with no Studio port in it, and runs", async () => {
    // No instruction: the page text, which needs no model.
    await h.ui.getByRole("tab", { name: "Extract", exact: true }).click();
    await h.ui.getByRole("form", { name: "Extract" }).getByLabel("Instruction").fill("");
    await h.ui.getByRole("button", { name: "Export to code" }).click();
    const code = dialog().getByLabel("Extract (TypeScript) code");
    await expect.poll(() => code.textContent()).toContain("client.extract(");
    const snippet = (await code.textContent()) ?? "";
    const { demoUrl } = await h.studio.service.handlers["app.info"]({});
    expect(snippet).toContain('import { startDemoServer } from "@loupe/core/demo";');
    expect(snippet).not.toContain(new URL(demoUrl).host);
    expect(await dialog().getByRole("note").first().textContent()).toContain("the program serves it itself");
    await h.ui.keyboard.press("Escape");

    const file = join(STUDIO_ARTIFACTS, "export-demo-snippet.ts");
    await writeFile(file, snippet);
    const run = await runTs(file, {});
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as { pageText: string };
    expect(result.pageText).toContain("Harbour Books");
  });

  it("opens the page the tab shows, not the address typed last", async () => {
    const shop = `${h.servers.originA}/e2e/shop`;
    // A navigation the address bar did not make (as a link followed in the live view).
    await h.studio.service.handlers["session.navigate"]({ to: { url: shop } });
    await expect
      .poll(() =>
        h.ui
          .getByRole("tablist", { name: "Browser tabs" })
          .getByRole("tab", { selected: true })
          .textContent(),
      )
      .toBe("Shop");
    await h.ui.getByRole("button", { name: "Export to code" }).click();
    await dialog().getByRole("tab", { name: "Act (TypeScript)", exact: true }).click();
    const code = dialog().getByLabel("Act (TypeScript) code");
    await expect.poll(() => code.textContent()).toContain(`await page.goto(${JSON.stringify(shop)});`);
    expect(await code.textContent()).not.toContain("startDemoServer");
    await dialog().getByRole("button", { name: "Close export" }).click();
    await dialog().waitFor({ state: "detached" });
  });
});
