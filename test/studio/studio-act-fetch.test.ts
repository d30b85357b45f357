/**
 * The Act and Fetch panels in the real UI: an act on a page-server page with a scripted model reply
 * (the action and its reusable selector shown, the page after it), and fetch in all three formats
 * (markdown rendered, json as a tree from the scripted model, raw text), and Cancel of a fetch under way.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actReply, idOf } from "../support/harness.js";
import { startStudioHarness, type StudioHarness } from "../support/studio-harness.js";

const ARTICLE = `<!doctype html><title>Garden notes</title>
<main><h1>Garden notes</h1><p>Plant <strong>tomatoes</strong> in May.</p><ul><li>Basil</li><li>Mint</li></ul></main>`;

describe("the Act and Fetch panels", () => {
  let h: StudioHarness;
  beforeAll(async () => {
    h = await startStudioHarness();
    h.servers.route("/e2e/article", () => ARTICLE);
  });
  afterAll(async () => {
    await h?.close();
  });

  it("runs act and shows the action, its selector and the page after it", async () => {
    const handlers = h.studio.service.handlers;
    // Setup through the service: the address bar is another panel's work.
    await handlers["session.open"]({ url: `${h.servers.originA}/act/controls.html` });
    const { text } = await handlers["snapshot.get"]({});
    h.model.enqueue(actReply(idOf(text, "button: Show details"), "click", [], "Click Show details"));

    await h.ui.getByRole("tab", { name: "Act", exact: true }).click();
    const form = h.ui.getByRole("form", { name: "Act" });
    await form.getByLabel("Instruction").fill("show the details");
    await form.getByRole("button", { name: "Run act" }).click();

    const result = h.ui.getByRole("region", { name: "Act result" });
    await expect(result.getByText("Done").textContent()).resolves.toBe("Done");
    expect(await result.getByLabel("Reusable selector").textContent()).toBe(
      "xpath=/html[1]/body[1]/main[1]/button[1]",
    );
    expect(await result.getByText("click", { exact: true }).count()).toBe(1);
    expect(await result.getByText("Click Show details").count()).toBe(1);
    await result.getByRole("img", { name: "The page after the action" }).waitFor();
    expect(await result.getByRole("button", { name: "Copy selector" }).count()).toBe(1);
    await h.screenshot("act");
  });

  it("fetches markdown (rendered and raw), json (a tree) and raw text", async () => {
    const url = `${h.servers.originA}/e2e/article`;
    await h.ui.getByRole("tab", { name: "Fetch", exact: true }).click();
    const form = h.ui.getByRole("form", { name: "Fetch" });
    await form.getByLabel("URL").fill(url);

    await form.getByLabel("markdown").check();
    await form.getByRole("button", { name: "Run fetch" }).click();
    const rendered = h.ui.getByRole("article", { name: "Rendered markdown" });
    await rendered.getByRole("heading", { name: "Garden notes" }).waitFor();
    expect(await rendered.getByRole("listitem").allTextContents()).toEqual(["Basil", "Mint"]);
    expect(await rendered.locator("strong").textContent()).toBe("tomatoes");
    const result = h.ui.getByRole("region", { name: "Fetch result" });
    expect(await result.getByLabel("Status code").textContent()).toBe("200");
    expect(await result.getByLabel("Content type").textContent()).toContain("text/html");
    expect(await result.getByLabel("Encoding").textContent()).toBe("utf-8");
    await h.screenshot("fetch-markdown");
    await result.getByRole("button", { name: "Raw" }).click();
    expect(await result.getByLabel("Raw content").textContent()).toContain("# Garden notes");

    await form.getByLabel("json").check();
    await form.getByLabel("JSON Schema").fill(
      JSON.stringify({
        type: "object",
        properties: { herbs: { type: "array", items: { type: "string" } } },
      }),
    );
    h.model.enqueue({ json: { herbs: ["Basil", "Mint"] } });
    await form.getByRole("button", { name: "Run fetch" }).click();
    const tree = h.ui.getByLabel("Fetched JSON");
    await tree.waitFor();
    expect(await tree.textContent()).toContain("Basil");
    expect(await tree.textContent()).toContain("herbs");

    await form.getByLabel("raw").check();
    await form.getByRole("button", { name: "Run fetch" }).click();
    await h.ui.getByLabel("Raw content").waitFor();
    expect(await h.ui.getByLabel("Raw content").textContent()).toContain("<h1>Garden notes</h1>");
    expect(await result.getByLabel("Content type").textContent()).toContain("text/html");
  });

  it("cancels a fetch under way", async () => {
    const form = h.ui.getByRole("form", { name: "Fetch" });
    await form.getByLabel("json").check();
    h.model.enqueue({ hang: true });
    const requests = h.model.requests.length;
    await form.getByRole("button", { name: "Run fetch" }).click();
    await form.getByRole("button", { name: "Fetching…" }).waitFor();
    await expect.poll(() => h.model.requests.length, { timeout: 30_000 }).toBe(requests + 1);
    await form.getByRole("button", { name: "Cancel" }).click();
    await expect
      .poll(() => h.ui.locator(".fetch-panel p[role=status]").textContent(), { timeout: 15_000 })
      .toBe("Cancelled: The fetch was cancelled.");
    await expect.poll(() => h.model.requests.at(-1)?.aborted, { timeout: 10_000 }).toBe(true);
    expect(await form.getByRole("button", { name: "Run fetch" }).isEnabled()).toBe(true);
    expect(await form.getByRole("button", { name: "Cancel" }).isEnabled()).toBe(false);
  });
});
