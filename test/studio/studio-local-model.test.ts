/**
 * A model server on this machine in web mode, with no key anywhere: the LM Studio preset, pointed at
 * the scripted server (on loopback, as LM Studio is), saves and runs an extract without a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStudioHarness, type StudioHarness } from "../support/studio-harness.js";
import { WINDOW_SIZES } from "../support/window-sizes.js";

describe("a local model in web mode", () => {
  let h: StudioHarness;

  beforeAll(async () => {
    h = await startStudioHarness({ env: {} });
  });
  afterAll(async () => {
    await h?.close();
  });

  it("saves the LM Studio preset with no key", async () => {
    const { ui } = h;
    await ui.getByRole("tab", { name: "Settings", exact: true }).click();
    const form = ui.getByRole("form", { name: "Model settings" });
    await form.getByRole("button", { name: "LM Studio" }).click();
    expect(await form.getByLabel(/^Model/).inputValue()).toBe("openai/local-model");
    // The preset's address with the scripted server's port: the same kind of server, here.
    await form.getByLabel(/^Base URL/).fill(h.model.baseURL);
    await form.getByRole("button", { name: "Save settings" }).click();
    await ui
      .getByText(`The model server at ${h.model.baseURL} runs on this machine and needs no key.`)
      .waitFor();
  });

  it.each(WINDOW_SIZES)("runs an extract on it with no key at $width×$height", async (size) => {
    const { ui } = h;
    await ui.setViewportSize(size);
    const runs = async () => (await h.studio.service.handlers["history.list"]({})).runs.length;
    const before = await runs();
    h.model.enqueue({ json: { books: [] }, usage: { input: 10, output: 2 } });
    await ui.getByRole("tab", { name: "Extract", exact: true }).click();
    const extract = ui.getByRole("form", { name: "Extract" });
    expect(await extract.getByRole("note").count()).toBe(0); // no "No API key" hint
    await extract.getByLabel("Instruction").fill(`the books at ${size.width}`);
    const run = extract.getByRole("button", { name: "Run", exact: true });
    await run.scrollIntoViewIfNeeded();
    await run.click();
    await expect.poll(runs, { timeout: 30_000 }).toBe(before + 1);
    const metrics = ui.getByLabel("Run metrics");
    await expect.poll(() => metrics.textContent(), { timeout: 30_000 }).toMatch(/Model calls\s*1/);
    expect(h.model.requests.at(-1)?.body).toMatchObject({ model: "local-model" });
  });
});
