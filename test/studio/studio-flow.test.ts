/**
 * Flows in the real UI: a run added from the history, steps edited and reordered by keyboard, the flow
 * run as a whole with each step's result, a failure naming its step, Cancel, and the flow exported as
 * one program that runs after the fact against the demo shop it serves itself.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousAxeViolations } from "../support/axe-scan.js";
import { actReply, idOf, lastUserText } from "../support/harness.js";
import { runTs } from "../support/run-ts.js";
import {
  openWorkspaceFile,
  STUDIO_ARTIFACTS,
  startStudioHarness,
  workspaceFile,
  type StudioHarness,
} from "../support/studio-harness.js";
import { WINDOW_SIZES } from "../support/window-sizes.js";

describe("flows", () => {
  let h: StudioHarness;
  let demoUrl: string;
  beforeAll(async () => {
    h = await startStudioHarness();
    ({ demoUrl } = await h.studio.service.handlers["app.info"]({}));
  });
  afterAll(async () => {
    await h?.close();
  });

  const flowPanel = () => h.ui.getByRole("tabpanel", { name: "Flow" });
  const steps = () => flowPanel().getByRole("list", { name: "Flow steps" }).getByRole("listitem");
  const stepTexts = async () => (await steps().all()).map((step) => step.textContent());

  it("builds a flow from a run, runs it step by step, and exports a program that runs on its own", async () => {
    const { ui } = h;
    // The page text of the demo shop: an extract that needs no model.
    await ui.getByRole("tab", { name: "Extract", exact: true }).click();
    await ui.getByRole("form", { name: "Extract" }).getByLabel("Instruction").fill("");
    await ui.getByRole("button", { name: "Run", exact: true }).click();
    await ui.getByRole("tab", { name: "History", exact: true }).click();
    const run = ui.getByRole("list", { name: "Runs" }).getByRole("button").first();
    await run.waitFor({ timeout: 30_000 });
    await run.click();
    await ui.getByRole("region", { name: "Run detail" }).getByRole("button", { name: "Add to flow" }).click();
    await expect
      .poll(() => ui.getByRole("tabpanel", { name: "History" }).locator("p[role=status]").textContent())
      .toBe("Added to the flow as steps 1–2.");

    await ui.getByRole("tab", { name: "Flow", exact: true }).click();
    expect(await Promise.all(await stepTexts())).toEqual([
      expect.stringContaining(`1. navigate to ${demoUrl}`),
      expect.stringContaining("2. extract the page text"),
    ]);

    // By keyboard: a wait added, its milliseconds typed, moved up before the extract.
    await flowPanel().getByRole("button", { name: "Add wait" }).focus();
    await ui.keyboard.press("Enter");
    await flowPanel().getByLabel("Wait (ms), step 3").fill("50");
    await flowPanel().getByRole("button", { name: "Move step 3 up" }).focus();
    await ui.keyboard.press("Enter");
    await expect
      .poll(async () => Promise.all(await stepTexts()))
      .toEqual([
        expect.stringContaining("1. navigate"),
        expect.stringContaining("2. wait 50 ms"),
        expect.stringContaining("3. extract the page text"),
      ]);
    expect(await seriousAxeViolations(ui)).toEqual([]);

    await flowPanel().getByRole("button", { name: "Run flow" }).focus();
    await ui.keyboard.press("Enter");
    await expect
      .poll(() => flowPanel().locator("p[role=status]").textContent(), { timeout: 60_000 })
      .toBe("The flow ran: 3 step(s) done.");
    expect(await flowPanel().getByLabel("Result of step 3").textContent()).toContain("Harbour Books");
    expect(await seriousAxeViolations(ui)).toEqual([]);
    // Each step ran through its own method, so the flow's extract is in the history too (kept once its
    // thumbnail is taken, just after the answer: not necessarily before the flow says it is done).
    const extracts = async () =>
      (await h.studio.service.handlers["history.list"]({})).runs.filter((r) => r.kind === "extract");
    await expect.poll(async () => (await extracts()).length, { timeout: 30_000 }).toBe(2);

    // Saved with the workspace.
    const download = ui.waitForEvent("download");
    await ui.getByRole("button", { name: "Save workspace" }).click();
    const { readFile } = await import("node:fs/promises");
    const saved = JSON.parse(await readFile((await (await download).path())!, "utf8")) as {
      flow: { steps: { kind: string; params: unknown }[] };
    };
    expect(saved.flow.steps.map((step) => [step.kind, step.params])).toEqual([
      ["navigate", { url: expect.stringContaining(demoUrl) }],
      ["wait", { ms: 50 }],
      ["extract", { options: {} }],
    ]);

    await ui.getByRole("button", { name: "Export to code" }).click();
    const dialog = ui.getByRole("dialog", { name: "Export to code" });
    await dialog.getByRole("tab", { name: "Flow (TypeScript)" }).click();
    const code = dialog.getByLabel("Flow (TypeScript) code");
    await expect.poll(() => code.textContent()).toContain("// Step 3: extract the page text");
    const program = (await code.textContent()) ?? "";
    expect(program).not.toContain(new URL(demoUrl).host);
    await ui.keyboard.press("Escape");

    const file = join(STUDIO_ARTIFACTS, "export-flow.ts");
    await writeFile(file, program);
    const ran = await runTs(file, {});
    expect(ran.code, ran.stderr).toBe(0);
    const results = JSON.parse(ran.stdout) as { step: number; kind: string; result: { pageText: string } }[];
    expect(results.map((r) => [r.step, r.kind])).toEqual([[3, "extract"]]);
    expect(results[0]?.result.pageText).toContain("Harbour Books");
  }, 180_000); // a UI run, then a program that starts its own browser

  it.each(WINDOW_SIZES)(
    "stops at the first failing step and names it; Cancel ends a run under way, at $width×$height",
    async (size) => {
      const { ui } = h;
      await ui.setViewportSize(size);
      const shop = `${h.servers.originA}/e2e/flow-shop`;
      h.servers.route("/e2e/flow-shop", () => "<!doctype html><title>Shop</title><h1>Shop</h1>");
      const base = workspaceFile(shop, { instruction: "", schema: { mode: "zod", source: "" } });
      await openWorkspaceFile(ui, `failing-flow-${size.width}.json`, {
        ...base,
        flow: {
          steps: [
            { kind: "navigate", params: { url: shop } },
            {
              kind: "act",
              params: { instruction: "type %query% in the search box", variableNames: ["query"] },
            },
            { kind: "wait", params: { ms: 10 } },
          ],
        },
      });
      // Opening a workspace navigates to its page: a flow started before that lands would be stopped by it.
      await expect
        .poll(() => ui.locator(".workspace-menu").getByRole("status").textContent(), { timeout: 30_000 })
        .toContain(`Opened failing-flow-${size.width}.json.`);
      await ui.getByRole("tab", { name: "Flow", exact: true }).click();
      await expect.poll(async () => (await stepTexts()).length).toBe(3);
      await flowPanel().getByRole("button", { name: "Run flow" }).click();
      await expect
        .poll(() => flowPanel().locator("p[role=alert]").textContent(), { timeout: 60_000 })
        .toMatch(/^Step 2 \(act “type %query% in the search box”\) failed: it uses %query%/);
      expect(await steps().nth(2).textContent()).toContain("pending");

      await openWorkspaceFile(ui, `long-flow-${size.width}.json`, {
        ...base,
        flow: {
          steps: [
            { kind: "wait", params: { ms: 600_000 } },
            { kind: "navigate", params: { url: shop } },
          ],
        },
      });
      await expect
        .poll(() => ui.locator(".workspace-menu").getByRole("status").textContent(), { timeout: 30_000 })
        .toContain(`Opened long-flow-${size.width}.json.`);
      await expect
        .poll(async () => Promise.all(await stepTexts()))
        .toEqual([expect.stringContaining("1. wait 600000 ms"), expect.stringContaining("2. navigate")]);
      await flowPanel().getByRole("button", { name: "Run flow" }).click();
      await expect.poll(() => steps().first().textContent()).toContain("running");
      await flowPanel().getByRole("button", { name: "Cancel" }).click();
      await expect
        .poll(() => flowPanel().locator("p[role=status]").textContent())
        .toBe("Cancelled at step 1; the steps after it did not run.");
    },
  );

  it("runs an act that succeeds and a fetch step, each with its result; Cancel stops a fetch under way", async () => {
    const { ui } = h;
    const controls = `${h.servers.originA}/act/controls.html`;
    h.servers.route(
      "/e2e/flow-article",
      () => "<!doctype html><title>Notes</title><main><h1>Garden notes</h1><p>Plant basil in May.</p></main>",
    );
    const article = `${h.servers.originA}/e2e/flow-article`;
    const base = workspaceFile(controls, { instruction: "", schema: { mode: "zod", source: "" } });
    await openWorkspaceFile(ui, "act-fetch-flow.json", {
      ...base,
      flow: {
        steps: [
          { kind: "navigate", params: { url: controls } },
          { kind: "act", params: { instruction: "show the details" } },
          { kind: "fetch", params: { url: article, format: "markdown" } },
        ],
      },
    });
    await expect
      .poll(() => ui.locator(".workspace-menu").getByRole("status").textContent(), { timeout: 30_000 })
      .toContain("Opened act-fetch-flow.json.");
    await ui.getByRole("tab", { name: "Flow", exact: true }).click();
    await expect.poll(async () => (await stepTexts()).length).toBe(3);
    // The act's model reply names the button by the id the page's snapshot gives it when the step runs.
    h.model.enqueue((request) =>
      actReply(idOf(lastUserText(request), "button: Show details"), "click", [], "Click Show details"),
    );
    await flowPanel().getByRole("button", { name: "Run flow" }).click();
    await expect
      .poll(() => flowPanel().locator("p[role=status]").textContent(), { timeout: 60_000 })
      .toBe("The flow ran: 3 step(s) done.");
    expect(await flowPanel().getByLabel("Result of step 2").textContent()).toContain("Click Show details");
    expect(await flowPanel().getByLabel("Result of step 3").textContent()).toContain("# Garden notes");
    expect((await h.studio.service.handlers["snapshot.get"]({})).text).toContain(
      "Details: ships within 2 days",
    );

    // A json fetch waiting on a model that never answers: Cancel ends it, naming the step.
    await openWorkspaceFile(ui, "slow-fetch-flow.json", {
      ...base,
      flow: {
        steps: [
          {
            kind: "fetch",
            params: {
              url: article,
              format: "json",
              schema: { type: "object", properties: { herb: { type: "string" } } },
            },
          },
          { kind: "wait", params: { ms: 10 } },
        ],
      },
    });
    await expect
      .poll(() => ui.locator(".workspace-menu").getByRole("status").textContent(), { timeout: 30_000 })
      .toContain("Opened slow-fetch-flow.json.");
    await expect.poll(async () => (await stepTexts()).length).toBe(2);
    h.model.enqueue({ hang: true });
    const requests = h.model.requests.length;
    await flowPanel().getByRole("button", { name: "Run flow" }).click();
    await expect.poll(() => h.model.requests.length, { timeout: 30_000 }).toBe(requests + 1);
    await flowPanel().getByRole("button", { name: "Cancel" }).click();
    await expect
      .poll(() => flowPanel().locator("p[role=status]").textContent(), { timeout: 15_000 })
      .toBe("Cancelled at step 1; the steps after it did not run.");
    await expect.poll(() => h.model.requests.at(-1)?.aborted, { timeout: 10_000 }).toBe(true);
  });

  it("refuses a workspace file with a bad step, naming it", async () => {
    const { ui } = h;
    const base = workspaceFile(demoUrl, { instruction: "", schema: { mode: "zod", source: "" } });
    await openWorkspaceFile(ui, "bad-flow.json", {
      ...base,
      flow: {
        steps: [
          { kind: "wait", params: { ms: 10 } },
          { kind: "wait", params: { ms: "soon" } },
        ],
      },
    });
    await expect
      .poll(() => ui.locator(".workspace-menu").getByRole("alert").textContent())
      .toContain("bad-flow.json: This is not a Loupe workspace: flow step 2 (wait): params.ms: ");
  });
});
