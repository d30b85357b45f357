/**
 * The Extract panel end to end: Monaco with zod's types shows a deliberate error, a fixed schema runs
 * against the scripted model (Ctrl+Enter), the JSON tree shows the data with its tokens and model calls,
 * JSON Schema mode runs too, a free-text answer reads as text, and a slow run is cancelled.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idOf, lastUserText } from "../support/harness.js";
import { resizeWindow } from "../support/live-view.js";
import { setSchema } from "../support/schema-editor-input.js";
import { startStudioHarness, type StudioHarness } from "../support/studio-harness.js";
import { WINDOW_SIZES } from "../support/window-sizes.js";

// One line each: Monaco auto-indents and auto-closes brackets after a typed newline.
const BROKEN = `z.object({ books: z.array(z.object({ title: z.strin() })) })`;
const FIXED = `const schema = z.object({ books: z.array(z.object({ title: z.string(), url: z.url() })) });`;
const JSON_BOOKS = `{ "type": "object", "properties": { "books": { "type": "array", "items": { "type": "object", "properties": { "title": { "type": "string" } }, "required": ["title"] } } }, "required": ["books"] }`;

/** The model's answer: the book's link as the id the snapshot gave it, as a model answers a URL field. */
function bookReply(request: Parameters<typeof lastUserText>[0]) {
  const id = idOf(lastUserText(request), "link: The Lighthouse Keeper");
  return {
    json: { books: [{ title: "The Lighthouse Keeper", url: id }] },
    usage: { input: 321, output: 12 },
  };
}

describe("the Extract panel", () => {
  let h: StudioHarness;
  const pageErrors: string[] = [];
  beforeAll(async () => {
    h = await startStudioHarness();
    // A page error (a chunk that failed to load, a CSP refusal) fails the test with its cause.
    h.ui.on("pageerror", (error) => pageErrors.push(error.message));
    // The browse pane opens the demo page in the first tab; wait for it (the run reads that page).
    const { demoUrl } = await h.studio.service.handlers["app.info"]({});
    const activeUrl = async () =>
      (await h.studio.service.handlers["session.pages"]({})).pages.find((p) => p.active)?.url;
    for (let tries = 0; (await activeUrl()) !== demoUrl; tries++) {
      if (tries > 300) throw new Error("the demo page never opened");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await h.ui.locator(".schema-editor-host .monaco-editor").waitFor();
  });
  afterAll(async () => {
    await h?.close();
    expect(pageErrors).toEqual([]);
  });

  it("marks a zod type error inline, then runs the fixed schema with Ctrl+Enter", async () => {
    const { ui } = h;
    await ui
      .getByRole("form", { name: "Extract" })
      .getByLabel("Instruction")
      .fill("the books with their links");
    await setSchema(ui, BROKEN);
    const squiggle = ui.locator(".schema-editor-host .squiggly-error");
    await squiggle.first().waitFor({ timeout: 30_000 });
    const problems = ui.getByRole("list", { name: "Schema problems" });
    await expect.poll(() => problems.textContent(), { timeout: 15_000 }).toMatch(/strin/);
    await h.screenshot("extract-error");

    await setSchema(ui, FIXED);
    await expect.poll(() => squiggle.count(), { timeout: 30_000 }).toBe(0);

    h.model.enqueue(bookReply);
    await ui.locator(".schema-editor-host .view-lines").click();
    await ui.keyboard.press("ControlOrMeta+Enter");
    const tree = ui.getByRole("tree", { name: "Extract result" });
    await tree.waitFor({ timeout: 30_000 });
    const text = (await tree.textContent()) ?? "";
    expect(text).toContain("The Lighthouse Keeper");
    expect(text).toMatch(/\/books\/the-lighthouse-keeper/);
    const metrics = ui.getByLabel("Run metrics");
    expect(await metrics.textContent()).toMatch(/321 in \/ 12 out/);
    expect(await metrics.textContent()).toMatch(/Model calls\s*1/);
    expect(h.model.requests).toHaveLength(1);
    await h.screenshot("extract-result");
  });

  it("converts to JSON Schema and runs in that mode", async () => {
    const { ui } = h;
    // The switch waits for the service to convert the zod schema, so the radio turns checked after it.
    const jsonMode = ui.getByRole("radio", { name: "JSON Schema" });
    await jsonMode.click();
    await expect.poll(() => jsonMode.isChecked(), { timeout: 15_000 }).toBe(true);
    await expect
      .poll(() => ui.locator(".schema-editor-host .view-lines").textContent(), { timeout: 15_000 })
      .toMatch(/"books"/);
    expect(await ui.locator(".schema-editor-host .squiggly-error").count()).toBe(0);
    h.model.enqueue(bookReply);
    await ui.getByRole("button", { name: "Run", exact: true }).click();
    await expect
      .poll(() => ui.getByLabel("Run metrics").textContent(), { timeout: 30_000 })
      .toMatch(/Model calls\s*1/);
    expect(await ui.getByRole("tree", { name: "Extract result" }).textContent()).toContain("Lighthouse");
    expect(h.model.requests).toHaveLength(2);
    // The request carried the JSON Schema the zod converted to.
    expect(JSON.stringify(h.model.requests[1]?.body)).toContain("books");
  });

  it("flags a JSON Schema that breaks the meta-schema", async () => {
    const { ui } = h;
    await setSchema(ui, `{ "type": "objekt" }`);
    await ui.locator(".schema-editor-host .squiggly-error").first().waitFor({ timeout: 30_000 });
    await setSchema(ui, `{ "type": "object" }`);
    await expect
      .poll(() => ui.locator(".schema-editor-host .squiggly-error").count(), { timeout: 30_000 })
      .toBe(0);
  });

  it("shows a free-text answer as the text the model wrote, not as escaped JSON", async () => {
    const { ui } = h;
    const answer = 'Three books:\n- "The Lighthouse Keeper"\n- Salt and Iron';
    await setSchema(ui, "");
    h.model.enqueue({ text: answer });
    await ui.getByRole("button", { name: "Run", exact: true }).click();
    const text = ui.getByLabel("Extract answer");
    await text.waitFor({ timeout: 30_000 });
    expect(await text.textContent()).toBe(answer);
    expect(await ui.getByRole("tree", { name: "Extract result" }).count()).toBe(0);
    expect(await ui.getByRole("button", { name: "Copy the answer" }).count()).toBe(1);
  });

  it("cancels a slow run", async () => {
    const { ui } = h;
    const before = h.model.requests.length;
    h.model.enqueue({ hang: true });
    await ui.getByRole("button", { name: "Run", exact: true }).click();
    await ui.getByText("Running…").waitFor();
    await expect.poll(() => h.model.requests.length, { timeout: 30_000 }).toBe(before + 1);
    await ui.getByRole("button", { name: "Cancel" }).click();
    await ui.getByText("Cancelled.").waitFor({ timeout: 10_000 });
    expect(await ui.getByRole("button", { name: "Run", exact: true }).isEnabled()).toBe(true);
    // Cancel stops the work itself: the model request in flight is aborted.
    await expect.poll(() => h.model.requests.at(-1)?.aborted, { timeout: 10_000 }).toBe(true);
  });

  it.each(WINDOW_SIZES)(
    "runs a schema with Ctrl+Enter and shows the result in view at $width×$height",
    async (size) => {
      const { ui } = h;
      await resizeWindow(ui, size);
      await setSchema(ui, JSON_BOOKS);
      await expect
        .poll(() => ui.locator(".schema-editor-host .squiggly-error").count(), { timeout: 30_000 })
        .toBe(0);
      const runs = async () => (await h.studio.service.handlers["history.list"]({})).runs.length;
      const before = await runs();
      h.model.enqueue(bookReply);
      // The editor still has the focus the paste gave it.
      await ui.keyboard.press("ControlOrMeta+Enter");
      await expect.poll(runs, { timeout: 30_000 }).toBe(before + 1);
      const tree = ui.getByRole("tree", { name: "Extract result" });
      await expect.poll(() => tree.textContent(), { timeout: 15_000 }).toContain("The Lighthouse Keeper");
      await tree.scrollIntoViewIfNeeded();
      const box = await tree.boundingBox();
      if (!box) throw new Error(`the result is not laid out at ${size.width}×${size.height}`);
      expect(box.x + box.width, "the result runs off the window").toBeLessThanOrEqual(size.width);
      expect(box.y, "the result is below the window").toBeLessThan(size.height);
      await h.screenshot(`extract-result-${size.width}x${size.height}`);
    },
  );
});
