/**
 * A tab whose renderer process ended (out of memory, a browser fault) answers nothing until its page is
 * loaded in a new renderer, which Playwright's page of that tab can no longer do: Reload opens the page
 * again in the same tab.
 */
import type { Client } from "@loupe/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServiceHarness, type ServiceHarness } from "../../../test/support/service-harness.js";

describe("a tab whose renderer crashed", () => {
  let h: ServiceHarness;

  beforeAll(async () => {
    h = await startServiceHarness();
    h.servers.route("/page.html", () => `<!doctype html><title>Page</title><h1>The page</h1>`);
  });

  afterAll(async () => {
    await h?.close();
  });

  it("says so when read and on Back, and answers again after Reload, in the same tab", async () => {
    const opened = await h.client.call("session.open", { url: `${h.servers.originA}/page.html` });
    const before = (await h.client.call("session.pages", {})).pages.map((page) => page.pageId);
    // Nothing in the Studio crashes a tab: reach its browser. chrome://crash ends the renderer process.
    const { client } = h.service as unknown as { client: Client };
    const page = client.context.pages().find((p) => p.url().endsWith("/page.html"));
    expect(page).toBeDefined();
    await page?.goto("chrome://crash").catch(() => {});
    await expect(h.client.call("snapshot.get", {})).rejects.toThrow(
      /^The page crashed while Loupe was reading it/,
    );

    // A crashed tab's sessions answer nothing, its history included.
    await expect(h.client.call("session.navigate", { to: "back" })).rejects.toThrow(
      "The page does not answer (it crashed, or a script on it runs without end), and its history cannot be read.",
    );
    const reloaded = await h.client.call("session.navigate", { to: "reload" });
    expect(reloaded).toMatchObject({ pageId: opened.pageId, title: "Page", active: true });
    expect((await h.client.call("session.pages", {})).pages.map((p) => p.pageId)).toEqual(before);
    expect((await h.client.call("snapshot.get", {})).text).toContain("The page");
  });
});
