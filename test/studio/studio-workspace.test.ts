/**
 * Workspaces, history and export in the real UI: save a workspace (the downloaded file), change things,
 * open the saved file (fields restored, browser navigated); history with thumbnails, rerun and diff;
 * and the exported extract snippet run as a program against the same page and scripted model, giving
 * the same result as the Studio.
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { actReply, idOf } from "../support/harness.js";
import { runTs } from "../support/run-ts.js";
import { WINDOW_SIZES } from "../support/window-sizes.js";
import {
  STUDIO_ARTIFACTS,
  openWorkspaceFile,
  startStudioHarness,
  workspaceFile,
  type StudioHarness,
} from "../support/studio-harness.js";

const SHOP = `<!doctype html><title>Shop</title><main><h1>Spring sale</h1><p>3 items left</p></main>`;
const ZOD_SOURCE = 'z.object({ heading: z.string().describe("the `h1`"), left: z.number() })';

describe("workspaces, history and export", () => {
  let h: StudioHarness;
  let visits = 0;
  beforeAll(async () => {
    h = await startStudioHarness();
    h.servers.route("/e2e/shop", () => SHOP);
    h.servers.route("/e2e/counter", () => `<!doctype html><title>Counter</title><p>visit ${++visits}</p>`);
  });
  afterAll(async () => {
    await h?.close();
  });

  it.each(WINDOW_SIZES)("saves a workspace and opens it again at $width×$height", async (size) => {
    await h.ui.setViewportSize(size);
    const act = h.ui.getByRole("form", { name: "Act" });
    await h.ui.getByRole("tab", { name: "Act", exact: true }).click();
    await act.getByLabel("Instruction").fill(`click "Sign in" at ${size.width}`);
    const download = h.ui.waitForEvent("download");
    await h.ui.getByRole("button", { name: "Save workspace" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("loupe-workspace.json");
    const menu = h.ui.locator(".workspace-menu");
    // Saving and opening each say how it went.
    expect(await menu.getByRole("status").textContent()).toContain(
      "Saved the workspace as loupe-workspace.json",
    );
    const saved = JSON.parse(await readFile((await file.path())!, "utf8")) as Record<string, unknown>;
    expect(saved).toMatchObject({
      version: 1,
      act: { instruction: `click "Sign in" at ${size.width}` },
      fetch: { format: "markdown" },
    });

    await act.getByLabel("Instruction").fill("something else");
    const savedPath = join(STUDIO_ARTIFACTS, `saved-workspace-${size.width}.json`);
    await writeFile(savedPath, JSON.stringify({ ...saved, url: `${h.servers.originA}/e2e/shop` }));
    await h.ui.getByLabel("Workspace file").setInputFiles(savedPath);
    await expect
      .poll(() => act.getByLabel("Instruction").inputValue())
      .toBe(`click "Sign in" at ${size.width}`);
    await expect
      .poll(
        async () => (await h.studio.service.handlers["session.pages"]({})).pages.find((p) => p.active)?.url,
      )
      .toBe(`${h.servers.originA}/e2e/shop`);
    await expect
      .poll(() => menu.getByRole("status").textContent())
      .toContain(`Opened saved-workspace-${size.width}.json.`);

    await h.ui.getByLabel("Workspace file").setInputFiles({
      name: "broken.json",
      mimeType: "application/json",
      buffer: Buffer.from(
        JSON.stringify({ ...saved, fetch: { ...(saved["fetch"] as object), format: "pdf" } }),
      ),
    });
    const refusal = menu.getByRole("alert").filter({ hasText: "broken.json" });
    expect(await refusal.textContent()).toContain("fetch.format");
    await refusal.getByRole("button", { name: "Dismiss" }).click();
    expect(await refusal.count()).toBe(0);
  });

  it("keeps runs with thumbnails, reruns one and diffs two", async () => {
    const handlers = h.studio.service.handlers;
    await handlers["session.open"]({ url: `${h.servers.originA}/act/controls.html` });
    const { text } = await handlers["snapshot.get"]({});
    h.model.enqueue(actReply(idOf(text, "button: Show details"), "click"));
    const act = h.ui.getByRole("form", { name: "Act" });
    await act.getByLabel("Instruction").fill("show the details");
    await act.getByRole("button", { name: "Run act" }).click();
    await h.ui.getByRole("region", { name: "Act result" }).waitFor();

    await h.ui.getByRole("tab", { name: "Fetch", exact: true }).click();
    const fetch = h.ui.getByRole("form", { name: "Fetch" });
    await fetch.getByLabel("URL").fill(`${h.servers.originA}/e2e/counter`);
    await fetch.getByLabel("raw").check();
    await fetch.getByRole("button", { name: "Run fetch" }).click();
    await h.ui.getByLabel("Raw content").waitFor();

    await h.ui.getByRole("tab", { name: "History", exact: true }).click();
    const runs = h.ui.getByRole("list", { name: "Runs" }).getByRole("listitem");
    await expect.poll(() => runs.count()).toBe(2);
    expect(await runs.nth(1).locator("img.run-thumb").getAttribute("src")).toMatch(
      /^data:image\/jpeg;base64,/,
    );

    await runs.nth(0).getByRole("button").click();
    const detail = h.ui.getByRole("region", { name: "Run detail" });
    expect(await detail.getByLabel("Run output").textContent()).toContain("visit 1");
    await detail.getByRole("button", { name: "Rerun" }).click();
    await expect.poll(() => runs.count()).toBe(3);

    await runs.nth(0).getByRole("checkbox").check();
    await runs.nth(1).getByRole("checkbox").check();
    const diff = h.ui.getByRole("region", { name: "Result diff" });
    const rows = diff.getByRole("row");
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    const changed = rows.filter({ hasText: "content" });
    expect(await changed.textContent()).toContain("changed");
    expect(await changed.textContent()).toContain("visit 1");
    expect(await changed.textContent()).toContain("visit 2");
    await h.screenshot("history");
  });

  it("exports the extract as a snippet that runs and gives the Studio's result", async () => {
    const url = `${h.servers.originA}/e2e/shop`;
    const workspace = workspaceFile(url, {
      instruction: 'the "sale" heading and how many `items` are left\n(a number)',
      schema: { mode: "zod", source: ZOD_SOURCE },
      options: { timeout: 30_000 },
    });
    await openWorkspaceFile(h.ui, "export.json", workspace);
    await expect
      .poll(
        async () => (await h.studio.service.handlers["session.pages"]({})).pages.find((p) => p.active)?.url,
      )
      .toBe(url);

    // The Studio's run, with the JSON Schema the zod source stands for.
    const schema = z.toJSONSchema(new Function("z", `return ${ZOD_SOURCE};`)(z) as z.ZodType);
    const answer = { heading: "Spring sale", left: 3 };
    h.model.enqueue({ json: answer });
    const studio = await h.studio.service.handlers["extract.run"]({
      runId: "export-check",
      instruction: workspace.instruction,
      schema: { kind: "json", value: schema as Record<string, unknown> },
      options: { timeout: 30_000 },
    });
    expect(studio.result).toMatchObject(answer);

    await h.ui.getByRole("button", { name: "Export to code" }).click();
    const dialog = h.ui.getByRole("dialog", { name: "Export to code" });
    const code = dialog.getByLabel("Extract (TypeScript) code");
    await expect.poll(() => code.textContent()).toContain("client.extract(");
    const snippet = (await code.textContent()) ?? "";
    expect(snippet).toContain(`const schema = ${ZOD_SOURCE};`);
    await h.screenshot("export");
    await dialog.getByRole("tab", { name: "Fetch (curl)" }).click();
    expect(await dialog.getByLabel("Fetch (curl) code").textContent()).toContain(
      '"$LOUPE_CLOUD_URL/v1/fetch"',
    );
    await dialog.getByRole("button", { name: "Close export" }).click();

    const file = join(STUDIO_ARTIFACTS, "export-snippet.ts");
    await writeFile(file, snippet);
    h.model.enqueue({ json: answer });
    const run = await runTs(file, {
      LOUPE_MODEL: "openai/x",
      LOUPE_MODEL_BASE_URL: h.model.baseURL,
      OPENAI_API_KEY: "test-key",
    });
    expect(run.code, run.stderr).toBe(0); // stderr holds the SDK's pino logs
    expect(JSON.parse(run.stdout)).toEqual(studio.result);
  });
});
