/**
 * What the model saw, in the run detail: an extract whose first answer missed the schema shows both
 * calls (the first answer and the repair turn) with the prompt exactly as the model server received it,
 * and an act's variable value never appears there, even when the page shows it and the model echoes it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousAxeViolations } from "../support/axe-scan.js";
import { actReply, idOf, lastUserText } from "../support/harness.js";
import { resizeWindow } from "../support/live-view.js";
import { setSchema } from "../support/schema-editor-input.js";
import { startStudioHarness, type StudioHarness } from "../support/studio-harness.js";
import { WINDOW_SIZES } from "../support/window-sizes.js";

const EMAIL = "grace.hopper@example.com";

describe("the Model view of a run", () => {
  let h: StudioHarness;

  beforeAll(async () => {
    h = await startStudioHarness();
    await h.ui.locator(".schema-editor-host .monaco-editor").waitFor();
  });
  afterAll(async () => {
    await h?.close();
  });

  const keptRuns = async () => (await h.studio.service.handlers["history.list"]({})).runs.length;

  async function openNewestRun(count: number) {
    await expect.poll(keptRuns, { timeout: 30_000 }).toBe(count);
    await h.ui.getByRole("tab", { name: "History", exact: true }).click();
    const runs = h.ui.getByRole("list", { name: "Runs" }).getByRole("listitem");
    await expect.poll(() => runs.count(), { timeout: 30_000 }).toBe(count);
    await runs.nth(0).getByRole("button").click();
    return h.ui
      .getByRole("region", { name: "Run detail" })
      .getByRole("region", { name: "What the model saw" });
  }

  it("shows the first call and the repair turn of a schema miss, as sent and answered", async () => {
    const { ui } = h;
    // A page whose prompt is long enough to be shown collapsed.
    await h.studio.service.handlers["session.open"]({ url: `${h.servers.originA}/act/controls.html` });
    await ui.getByRole("tab", { name: "Extract", exact: true }).click();
    await ui.getByRole("form", { name: "Extract" }).getByLabel("Instruction").fill("the page's heading");
    await setSchema(ui, "z.object({ heading: z.string() })");
    const before = await keptRuns();
    h.model.enqueue({ json: { heading: 7 } }, { json: { heading: "Controls" } });
    await ui.getByRole("button", { name: "Run", exact: true }).click();

    const model = await openNewestRun(before + 1);
    const calls = model.getByRole("article");
    await expect.poll(() => calls.count()).toBe(2);
    const first = model.getByRole("article", { name: "Call 1: first answer · JSON" });
    const repair = model.getByRole("article", { name: "Call 2: repair turn · JSON" });
    expect(await first.getByRole("group", { name: /^Response of/ }).textContent()).toContain('{"heading":7}');
    expect(await repair.getByRole("group", { name: /^Response of/ }).textContent()).toContain(
      '{"heading":"Controls"}',
    );
    expect(await first.textContent()).toMatch(/10 in \/ 5 out tokens · \d+ ms/);
    // The repair turn carries the first answer back to the model.
    expect(await repair.getByRole("group", { name: /^Assistant/ }).textContent()).toContain('{"heading":7}');

    // The user block, expanded, is the prompt exactly as the model server received it.
    const [sent] = h.model.requests;
    if (!sent) throw new Error("the model server saw no request");
    expect(lastUserText(sent).split("\n").length).toBeGreaterThan(12);
    const user = first.getByRole("group", { name: /^User of/ });
    const expand = user.getByRole("button", { name: /^Show all \d+ lines$/ });
    expect(await expand.getAttribute("aria-expanded")).toBe("false");
    await expand.press("Enter"); // reachable and usable from the keyboard
    await expect.poll(() => user.getByRole("button", { name: "Collapse" }).count()).toBe(1);
    expect(await user.locator("pre").textContent()).toBe(lastUserText(sent));
    expect(await first.getByRole("button", { name: /^Copy system of call 1/ }).count()).toBe(1);
    // With runs in the list: each run's name is what it shows (kind, time, instruction, page, cost).
    expect(await seriousAxeViolations(ui)).toEqual([]);
    await h.screenshot("model-view-repair");
  }, 120_000);

  it("names the screenshot a run sent, with its type and size", async () => {
    const { ui } = h;
    await ui.getByRole("tab", { name: "Extract", exact: true }).click();
    const form = ui.getByRole("form", { name: "Extract" });
    await form.getByLabel("Instruction").fill("the page's heading, from the picture too");
    await form.getByLabel("Send a screenshot").check();
    const before = await keptRuns();
    h.model.enqueue({ json: { heading: "Controls" } });
    await ui.getByRole("button", { name: "Run", exact: true }).click();
    const model = await openNewestRun(before + 1);
    const first = model.getByRole("article", { name: "Call 1: first answer · JSON" });
    await first.waitFor();
    // The model server got a PNG; the view says so, with its size, and keeps no bytes of it.
    expect(JSON.stringify(h.model.requests.at(-1)?.body)).toContain("image/png");
    expect(await first.textContent()).toMatch(/image \(image\/png, [\d.]+ (KB|MB|B); not kept\)/);
    await ui.getByRole("tab", { name: "Extract", exact: true }).click();
    await form.getByLabel("Send a screenshot").uncheck();
  });

  it.each(WINDOW_SIZES)("lays the Model view out within the window at $width×$height", async (size) => {
    const { ui } = h;
    await resizeWindow(ui, size);
    const model = await openNewestRun(await keptRuns());
    const first = model.getByRole("article", { name: "Call 1: first answer · JSON" });
    await first.waitFor();
    await first.scrollIntoViewIfNeeded();
    const box = await first.boundingBox();
    if (!box) throw new Error(`the Model view is not laid out at ${size.width}×${size.height}`);
    expect(box.x, "the call starts off the window").toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, "the call runs off the window").toBeLessThanOrEqual(size.width);
    const copy = first.getByRole("button", { name: /^Copy system of call 1/ });
    await copy.scrollIntoViewIfNeeded();
    const button = await copy.boundingBox();
    expect(button && button.x + button.width, "Copy is off the window").toBeLessThanOrEqual(size.width);
    expect(await seriousAxeViolations(ui)).toEqual([]);
    await h.screenshot(`model-view-${size.width}x${size.height}`);
  });

  it("never shows an act variable's value, though the page shows it and the model echoes it", async () => {
    const { ui } = h;
    const handlers = h.studio.service.handlers;
    const before = await keptRuns();
    await handlers["session.open"]({ url: `${h.servers.originA}/act/sign-in.html` });
    const email = idOf((await handlers["snapshot.get"]({})).text, "textbox: Email");
    h.model.enqueue(
      actReply(email, "fill", ["%email%"]),
      // A second act sees the field holding the value; a careless model echoes it back.
      actReply(email, "click", [], `click the field that says ${EMAIL}`),
    );
    await ui.getByRole("tab", { name: "Act", exact: true }).click();
    const form = ui.getByRole("form", { name: "Act" });
    await form.getByRole("button", { name: "Add variable" }).click();
    await form.getByLabel("Variable 1 name").fill("email");
    await form.getByLabel("Variable 1 value").fill(EMAIL);
    await form.getByLabel("Instruction").fill("fill in %email%");
    await form.getByRole("button", { name: "Run act" }).click();
    await ui.getByRole("region", { name: "Act result" }).getByRole("status").waitFor();
    await expect.poll(keptRuns, { timeout: 30_000 }).toBe(before + 1);
    await form.getByLabel("Instruction").fill("click the email field");
    await form.getByRole("button", { name: "Run act" }).click();

    const model = await openNewestRun(before + 2);
    const call = model.getByRole("article", { name: "Call 1: first answer · JSON" });
    await call.waitFor();
    // The model was sent the field's value as its name, and the server got nothing else.
    expect(h.model.requests.at(-1)?.text()).toContain("%email%");
    expect(JSON.stringify(h.model.requests.map((r) => r.text()))).not.toContain(EMAIL);
    const user = call.getByRole("group", { name: /^User of/ });
    const expand = user.getByRole("button", { name: /^Show all/ });
    if (await expand.count()) await expand.click();
    expect(await user.textContent()).toContain("%email%");
    expect(await model.textContent()).toContain("click the field that says %email%");
    expect(await model.textContent()).not.toContain(EMAIL);
    expect(JSON.stringify((await handlers["history.list"]({})).runs)).not.toContain(EMAIL);
  }, 120_000);
});
