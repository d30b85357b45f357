/**
 * A page longer than the model's window, in the Studio: while the parts are answered the Extract panel
 * shows a progress bar (parts answered of all) and the data merged so far, then the whole result. The
 * scripted model refuses prompts over 16,000 tokens and answers every part like a faithful model; the
 * first part answers at once and the others only once the test has read the progress.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardsInPrompt } from "../support/catalog-model.js";
import { catalogProduct, serveCatalog } from "../support/catalog-site.js";
import { requestTokens, type RecordedModelRequest, type ScriptedReply } from "../support/model-server.js";
import { startStudioHarness, type StudioHarness } from "../support/studio-harness.js";

const WINDOW = 16_000;
const CARDS = 1_500;
const SCHEMA = `const schema = z.object({ products: z.array(z.object({ title: z.string(), price: z.string(), link: z.url() })) });`;

describe("the Extract panel on a page longer than the model's window", () => {
  let h: StudioHarness;
  const budget = process.env["LOUPE_MODEL_MAX_INPUT_TOKENS"];
  beforeAll(async () => {
    // The Studio reads the budget of a model it has no table entry for from the environment.
    process.env["LOUPE_MODEL_MAX_INPUT_TOKENS"] = String(WINDOW);
    h = await startStudioHarness({ model: { maxInputTokens: WINDOW } });
    serveCatalog(h.servers, "/catalog/", CARDS, { compact: true });
    await h.studio.service.handlers["session.open"]({ url: `${h.servers.originA}/catalog/` });
    await h.ui.locator(".schema-editor-host .monaco-editor").waitFor();
  });
  afterAll(async () => {
    if (budget === undefined) delete process.env["LOUPE_MODEL_MAX_INPUT_TOKENS"];
    else process.env["LOUPE_MODEL_MAX_INPUT_TOKENS"] = budget;
    await h?.close();
  });

  it("shows parts answered of all with the data so far, then every item", { timeout: 300_000 }, async () => {
    const { ui } = h;
    // The first part answers at once; the others wait until the progress has been read.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const reply = async (request: RecordedModelRequest): Promise<ScriptedReply> => {
      if (!/this is part 1 of/.test(request.text())) await released;
      return { json: { products: cardsInPrompt(request) } };
    };
    h.model.enqueue(...Array.from({ length: 20 }, () => reply));

    const form = ui.getByRole("form", { name: "Extract" });
    await form.getByLabel("Instruction").fill("every product with its title, price and link");
    await ui.locator(".schema-editor-host .view-lines").click();
    await ui.keyboard.press("ControlOrMeta+A");
    await ui.keyboard.press("Delete");
    await ui.keyboard.insertText(SCHEMA);
    await expect
      .poll(() => ui.locator(".schema-editor-host .squiggly-error").count(), { timeout: 30_000 })
      .toBe(0);
    await ui.keyboard.press("ControlOrMeta+Enter");

    const progress = ui.getByRole("progressbar", { name: "Parts answered" });
    await expect.poll(() => progress.getAttribute("value"), { timeout: 120_000 }).toBe("1");
    const parts = Number(await progress.getAttribute("max"));
    expect(parts).toBeGreaterThan(1);
    const status = ui.getByRole("status").filter({ has: progress });
    expect(await status.textContent()).toContain(`part 1 of ${parts} answered`);
    // The data merged so far is the first part's: the first card, not the last.
    await ui.getByRole("button", { name: "Expand $.products" }).first().click();
    expect(await status.textContent()).toContain(catalogProduct(1).title);
    expect(await status.textContent()).not.toContain(catalogProduct(CARDS).title);
    await h.screenshot("extract-long-page-progress");
    release();

    await ui.getByRole("tree", { name: "Extract result" }).waitFor({ timeout: 60_000 });
    expect(await progress.count()).toBe(0);
    await expect
      .poll(() => ui.getByLabel("Run metrics").textContent())
      .toMatch(new RegExp(`Model calls\\s*${parts}(?!\\d)`));
    expect(h.model.requests).toHaveLength(parts);
    for (const request of h.model.requests) expect(requestTokens(request)).toBeLessThanOrEqual(WINDOW);
    // The run is kept once its thumbnail is taken, just after the answer.
    const kept = async () => (await h.studio.service.handlers["history.list"]({})).runs;
    await expect.poll(async () => (await kept()).length).toBe(1);
    const output = (await kept())[0]?.outcome;
    expect(output).toMatchObject({ ok: true });
    const products = (output as { output: { products: { title: string }[] } }).output.products;
    expect(products).toHaveLength(CARDS);
    expect(products.at(-1)?.title).toBe(catalogProduct(CARDS).title);
  });

  it("Cancel aborts every part in flight and starts no more", { timeout: 300_000 }, async () => {
    const { ui } = h;
    h.model.reset();
    h.model.enqueue(...Array.from({ length: 20 }, () => ({ hang: true as const })));
    await ui.getByRole("button", { name: "Run", exact: true }).click();
    const progress = ui.getByRole("progressbar", { name: "Parts answered" });
    await progress.waitFor({ timeout: 120_000 });
    const parts = Number(await progress.getAttribute("max"));
    await expect.poll(() => h.model.requests.length, { timeout: 30_000 }).toBe(parts);
    await ui.getByRole("button", { name: "Cancel" }).click();
    await ui.getByText("Cancelled.").waitFor({ timeout: 10_000 });
    await expect.poll(() => h.model.requests.every((r) => r.aborted)).toBe(true);
    expect(h.model.requests).toHaveLength(parts);
  });
});
