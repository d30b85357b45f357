/**
 * History you can trust: the run list says what each run was asked, the diff runs from the older run
 * to the newer whichever was ticked first, arrays are matched by content (an item added at the top is
 * one addition), its cells stay readable in a small window, and rerun puts back exactly what ran. A
 * reload of the Studio keeps the workspace being edited.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReplyScript } from "../support/model-server.js";
import { schemaShown, setSchema } from "../support/schema-editor-input.js";
import { startStudioHarness, type StudioHarness } from "../support/studio-harness.js";
import { WINDOW_SIZES } from "../support/window-sizes.js";

const SCHEMA_A = `z.object({ books: z.array(z.object({ title: z.string() })) })`;
const SCHEMA_B = `z.object({ books: z.array(z.object({ title: z.string().describe("as printed") })) })`;

const books = (...titles: string[]) => ({ json: { books: titles.map((title) => ({ title })) } });

describe.each(WINDOW_SIZES)("the History panel at $width×$height", (size) => {
  let h: StudioHarness;

  beforeAll(async () => {
    h = await startStudioHarness();
    await h.ui.setViewportSize(size);
    await h.ui.locator(".schema-editor-host .monaco-editor").waitFor();
  });
  afterAll(async () => {
    await h?.close();
  });

  async function runExtract(instruction: string, schema: string, reply: ReplyScript): Promise<void> {
    const { ui } = h;
    const before = (await h.studio.service.handlers["history.list"]({})).runs.length;
    await ui.getByRole("tab", { name: "Extract", exact: true }).click();
    await ui.getByRole("form", { name: "Extract" }).getByLabel("Instruction").fill(instruction);
    await setSchema(ui, schema);
    h.model.enqueue(reply);
    await ui.getByRole("button", { name: "Run", exact: true }).click();
    await expect
      .poll(async () => (await h.studio.service.handlers["history.list"]({})).runs.length, {
        timeout: 30_000,
      })
      .toBe(before + 1);
  }

  it("lists instructions, diffs old to new with arrays matched by content, and reruns exactly", async () => {
    const { ui } = h;
    await runExtract("the books", SCHEMA_A, books("B", "C"));
    await runExtract("the books again", SCHEMA_B, books("A", "B", "C"));

    await ui.getByRole("tab", { name: "History", exact: true }).click();
    const list = ui.getByRole("list", { name: "Runs" });
    await expect.poll(() => list.textContent()).toContain("the books again");
    const [newer, older] = await list.getByRole("listitem").all();
    if (!newer || !older) throw new Error("Two runs should be listed.");
    expect(await older.textContent()).toContain("the books");

    // Ticked newest first: the diff still runs from the older run to the newer one.
    await newer.getByRole("checkbox").check();
    await older.getByRole("checkbox").check();
    const diff = ui.getByRole("region", { name: "Result diff" });
    const rows = diff.getByRole("row");
    await expect.poll(() => rows.count()).toBe(2); // the header and one change
    const cells = await rows.nth(1).getByRole("cell").allTextContents();
    expect(cells).toEqual(["added", "books[0]", "", '{"title":"A"}']);
    // Readable in a small window: the value cells are not squeezed to a letter per line.
    const after = await rows.nth(1).getByRole("cell").nth(3).boundingBox();
    expect(after?.width).toBeGreaterThan(100);
    await h.screenshot("history-diff");

    // Rerun the older run: the editor shows its schema, and the new run is sent the same inputs.
    await older.getByRole("button").click();
    h.model.enqueue(books("B", "C"));
    await ui.getByRole("region", { name: "Run detail" }).getByRole("button", { name: /Rerun/ }).click();
    await expect
      .poll(async () => (await h.studio.service.handlers["history.list"]({})).runs.length, {
        timeout: 30_000,
      })
      .toBe(3);
    const [rerun, , original] = (await h.studio.service.handlers["history.list"]({})).runs;
    const { runId: _a, ...rerunInput } = rerun!.input;
    const { runId: _b, ...originalInput } = original!.input;
    expect(rerunInput).toEqual(originalInput);
    await ui.getByRole("tab", { name: "Extract", exact: true }).click();
    expect(await ui.getByRole("form", { name: "Extract" }).getByLabel("Instruction").inputValue()).toBe(
      "the books",
    );
    expect(await schemaShown(ui)).toBe(SCHEMA_A);
  });
});

describe("reloading the Studio", () => {
  let h: StudioHarness;

  beforeAll(async () => {
    h = await startStudioHarness();
    await h.ui.locator(".schema-editor-host .monaco-editor").waitFor();
  });
  afterAll(async () => {
    await h?.close();
  });

  it.each(WINDOW_SIZES)(
    "keeps the instruction, the schema and the options at $width×$height",
    async (size) => {
      const { ui } = h;
      await ui.setViewportSize(size);
      const instruction = `the books, kept at ${size.width}`;
      const schema = SCHEMA_B.replace("as printed", `as printed, ${size.width}`);
      const form = ui.getByRole("form", { name: "Extract" });
      await form.getByLabel("Instruction").fill(instruction);
      await setSchema(ui, schema);
      await form.getByLabel("Timeout (ms)").fill(String(size.width * 3));
      await form.getByLabel("Ignore selectors").fill("nav, footer");
      // Past the write's settling time, as a person's reload would be.
      await new Promise((resolve) => setTimeout(resolve, 600));

      await ui.reload();
      await ui.locator(".schema-editor-host .monaco-editor").waitFor();
      const again = ui.getByRole("form", { name: "Extract" });
      expect(await again.getByLabel("Instruction").inputValue()).toBe(instruction);
      expect(await again.getByLabel("Timeout (ms)").inputValue()).toBe(String(size.width * 3));
      expect(await again.getByLabel("Ignore selectors").inputValue()).toBe("nav, footer");
      await expect.poll(() => schemaShown(ui)).toBe(schema);
    },
  );
});
