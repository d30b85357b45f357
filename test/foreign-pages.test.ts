/**
 * The `page` option: which page extract reads — the active Playwright page, another Playwright page, or a
 * page of Puppeteer or Patchright attached to the same browser through `client.connectURL()`.
 */
import { ClientError } from "@loupe/core";
import { chromium as patchright } from "patchright-core";
import puppeteer from "puppeteer-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { idOf, rejectionOf, startHarness, type Harness } from "./support/harness.js";

let h: Harness;
let fixtureURL: string;

beforeAll(async () => {
  h = await startHarness();
  h.servers.route("/second", () => `<!doctype html><title>Second</title><h1>The second page</h1>`);
  h.servers.route("/third", () => `<!doctype html><title>Third</title><h1>The third page</h1>`);
  fixtureURL = `${h.servers.originA}/frames-shadow/`;
  await h.goto("/frames-shadow/");
});
afterAll(() => h.close());
afterEach(() => h.model.reset());

describe("Playwright pages", () => {
  it("reads the most recently opened page by default, and the page given by `page`", async () => {
    const second = await h.client.context.newPage();
    try {
      await second.goto(`${h.servers.originA}/second`);

      expect((await h.client.extract()).pageText).toContain("heading: The second page");
      expect((await h.client.extract({ page: h.page })).pageText).toContain("heading: Loupe test shop");
      expect((await h.client.extract({ page: second })).pageText).toContain("heading: The second page");

      h.model.enqueue({ json: { title: "Loupe test shop" } });
      const result = await h.client.extract("The title", z.object({ title: z.string() }), { page: h.page });
      expect(result).toEqual({ title: "Loupe test shop" });
      expect(h.model.requests[0]!.text()).toContain("Loupe test shop");
      expect(h.model.requests[0]!.text()).not.toContain("The second page");
    } finally {
      await second.close();
    }
    // Closing the active page makes the one before it active again.
    expect((await h.client.extract()).pageText).toContain("heading: Loupe test shop");
  });
});

describe("a Puppeteer page on the same browser", () => {
  it("is read like the Playwright page it is, with the same ids, frames and shadow roots", async () => {
    const browser = await puppeteer.connect({
      browserWSEndpoint: h.client.connectURL(),
      defaultViewport: null,
    });
    try {
      const page = (await browser.pages()).find((p) => p.url() === fixtureURL);
      expect(page, "Puppeteer sees the client's page").toBeDefined();

      const viaPuppeteer = await h.client.extract({ page });
      const viaPlaywright = await h.client.extract({ page: h.page });
      expect(viaPuppeteer.pageText).toBe(viaPlaywright.pageText);

      const scoped = await h.client.extract({ page, selector: 'a[href="/products/silver-ring"]' });
      expect(scoped.pageText).toMatch(/^\[\d+-\d+\] link: Silver Ring page$/);

      h.model.enqueue({ json: { url: idOf(viaPuppeteer.pageText, "link: Black Boots page") } });
      const result = await h.client.extract("The boots link", z.object({ url: z.url() }), { page });
      expect(result).toEqual({ url: `${h.servers.originB}/products/black-boots` });
    } finally {
      await browser.disconnect();
    }
  });

  it("opened and driven by Puppeteer itself is read too", async () => {
    const browser = await puppeteer.connect({
      browserWSEndpoint: h.client.connectURL(),
      defaultViewport: null,
    });
    const page = await browser.newPage();
    try {
      await page.goto(`${h.servers.originA}/third`);
      const { pageText } = await h.client.extract({ page });
      expect(pageText).toContain("heading: The third page");
    } finally {
      await page.close();
      await browser.disconnect();
    }
    // Puppeteer is gone; the client is not.
    expect((await h.client.extract({ page: h.page })).pageText).toContain("Loupe test shop");
  });
});

describe("a Patchright page on the same browser", () => {
  it("is read, scoped and extracted from, and closing Patchright leaves the client working", async () => {
    const browser = await patchright.connectOverCDP(h.client.connectURL());
    try {
      const page = browser
        .contexts()
        .flatMap((context) => context.pages())
        .find((p) => p.url() === fixtureURL);
      expect(page, "Patchright sees the client's page").toBeDefined();

      const { pageText } = await h.client.extract({ page });
      expect(pageText).toBe((await h.client.extract({ page: h.page })).pageText);

      const scoped = await h.client.extract({ page, selector: "//a[@href='/products/purple-gloves']" });
      expect(scoped.pageText).toBe(
        `[${idOf(pageText, "link: Purple Gloves page")}] link: Purple Gloves page`,
      );

      h.model.enqueue({ text: "Purple Gloves cost $23.00." });
      const answer = await h.client.extract("What do the gloves cost?", { page, selector: "#closed-host" });
      expect(answer).toEqual({ extraction: "Purple Gloves cost $23.00." });
      expect(h.model.requests[0]!.text()).toContain("Closed shadow text: Purple Gloves $23.00");
    } finally {
      await browser.close();
    }
    expect((await h.client.extract()).pageText).toContain("Loupe test shop");
  });
});

it("with every page closed, extract says how to open one", async () => {
  const pages = h.client.context.pages();
  await Promise.all(pages.map((page) => page.close()));

  const error = await rejectionOf(h.client.extract());

  expect(error).toBeInstanceOf(ClientError);
  expect((error as Error).message).toBe(
    "The browser has no open page. Open one with `await client.context.newPage()`.",
  );
  const fresh = await h.client.context.newPage();
  await fresh.goto(`${h.servers.originA}/second`);
  expect((await h.client.extract()).pageText).toContain("The second page");
});
