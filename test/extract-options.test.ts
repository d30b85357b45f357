/**
 * Each `extract` option (spec §2.1) except `page` (see foreign-pages.test.ts): model, timeout, selector,
 * ignoreSelectors, screenshot, serverCache.
 */
import { ExtractTimeoutError } from "@loupe/core";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { idOf, rejectionOf, startHarness, withEnv, type Harness } from "./support/harness.js";

let h: Harness;
let fullText: string;

beforeAll(async () => {
  h = await startHarness();
  await h.goto("/frames-shadow/");
  ({ pageText: fullText } = await h.client.extract());
});
afterAll(() => h.close());
afterEach(() => h.model.reset());

const Title = z.object({ title: z.string() });

describe("model", () => {
  it("uses the call's model instead of the client's", async () => {
    h.model.enqueue({ json: { title: "A" } }, { json: { title: "B" } });

    await h.client.extract("The title", Title, { model: { ...h.chatModel, modelName: "openai/per-call" } });
    await h.client.extract("The title", Title);

    expect(h.model.requests.map((r) => r.body["model"])).toEqual(["per-call", "x"]);
  });

  it('reaches the Responses API with { modelName: "openai/x", baseURL, apiKey, api: "responses" }', async () => {
    h.model.enqueue({ json: { title: "Loupe test shop" } }, { text: "Loupe test shop" });

    const data = await h.client.extract("The title", Title, { model: h.responsesModel });
    const text = await h.client.extract("The title", { model: h.responsesModel });

    expect(data).toEqual({ title: "Loupe test shop" });
    expect(text).toEqual({ extraction: "Loupe test shop" });
    expect(h.model.requests.map((r) => r.endpoint)).toEqual(["responses", "responses"]);
    expect(h.model.requests[0]!.text()).toContain(fullText);
  });

  it('takes the key and server of a "openai/…" string from OPENAI_API_KEY and OPENAI_BASE_URL', async () => {
    h.model.enqueue({ json: { title: "Loupe test shop" } });

    const result = await withEnv({ OPENAI_API_KEY: "key-from-env", OPENAI_BASE_URL: h.model.baseURL }, () =>
      h.client.extract("The title", Title, { model: "openai/from-env" }),
    );

    expect(result).toEqual({ title: "Loupe test shop" });
    const request = h.model.requests[0]!;
    expect(request.body["model"]).toBe("from-env");
    expect(request.headers.authorization).toBe("Bearer key-from-env");
  });
});

describe("timeout", () => {
  it.each([
    ["a schema extract on chat completions", "chat"],
    ["a free-text extract on the Responses API", "responses"],
  ] as const)(
    "aborts %s whose model never answers: ExtractTimeoutError soon after, and the request is cut",
    async (_label, endpoint) => {
      h.model.enqueue({ hang: true });
      const model = endpoint === "chat" ? h.chatModel : h.responsesModel;
      const started = performance.now();

      const error = await rejectionOf(
        endpoint === "chat"
          ? h.client.extract("The title", Title, { model, timeout: 500 })
          : h.client.extract("The title", { model, timeout: 500 }),
      );

      expect(error).toBeInstanceOf(ExtractTimeoutError);
      expect(error).toMatchObject({ operation: "extract", timeoutMs: 500 });
      expect((error as Error).message).toMatch(/500 ms/);
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(h.model.requests).toHaveLength(1);
      expect(h.model.requests[0]!.endpoint).toBe(endpoint);
      await vi.waitFor(() => expect(h.model.requests[0]!.aborted).toBe(true), { timeout: 5_000 });
    },
  );

  it("times out on a page stuck in a script, even when the stuck page is read for the first time", async () => {
    h.servers.route(
      "/stuck",
      () =>
        `<!doctype html><title>Stuck</title><h1>Stuck page</h1>` +
        `<script>window.stick = () => setTimeout(() => { for (;;); }, 0)</script>`,
    );
    const page = await h.client.context.newPage();
    try {
      await page.goto(`${h.servers.originA}/stuck`);
      // The renderer now answers nothing, attaching to the page included.
      await page.evaluate("window.stick()");
      const error = await rejectionOf(h.client.extract({ page, timeout: 1_000 }));
      expect(error).toBeInstanceOf(ExtractTimeoutError);
      expect(error).toMatchObject({ operation: "extract", timeoutMs: 1_000, whileReadingPage: true });
      expect((error as Error).message).toContain(
        "the page had not answered Loupe's read by then (a script on it may be running without end",
      );
    } finally {
      await page.close();
    }
  });

  it("lets a call that finishes in time through, and the client keeps working after a timeout", async () => {
    h.model.enqueue({ hang: true }, { json: { title: "Loupe test shop" }, delayMs: 50 });
    const error = await rejectionOf(h.client.extract("The title", Title, { timeout: 300 }));
    expect(error).toBeInstanceOf(ExtractTimeoutError);
    // The page was read; the model was what took the time.
    expect(error).toMatchObject({ whileReadingPage: false });

    await expect(h.client.extract("The title", Title, { timeout: 30_000 })).resolves.toEqual({
      title: "Loupe test shop",
    });
  });
});

describe("selector", () => {
  const single = (name: string) => (text: string) => {
    expect(text).toBe(`[${idOf(fullText, name)}] ${name}`);
  };

  it.each([
    ["CSS, main document", "#site-header nav a:first-child", single("link: Home")],
    ["CSS, same-origin iframe", 'a[href="/products/yellow-belt"]', single("link: Yellow Belt page")],
    ["CSS, iframe nested in an iframe", 'a[href="/products/orange-tie"]', single("link: Orange Tie page")],
    ["CSS, cross-origin iframe", 'a[href="/products/black-boots"]', single("link: Black Boots page")],
    ["CSS, closed shadow root", 'a[href="/products/purple-gloves"]', single("link: Purple Gloves page")],
    [
      "CSS, iframe inside a closed shadow root",
      'a[href="/products/white-shirt"]',
      single("link: White Shirt page"),
    ],
    [
      "CSS, closed shadow root inside a cross-origin iframe",
      'a[href="/products/silver-ring"]',
      single("link: Silver Ring page"),
    ],
    ["XPath, absolute", "/html/body/main/h1", single("heading: Loupe test shop")],
    ["XPath, same-origin iframe", "//a[@href='/products/yellow-belt']", single("link: Yellow Belt page")],
    ["XPath, cross-origin iframe", "//a[@href='/products/black-boots']", single("link: Black Boots page")],
    ["XPath, closed shadow root", "//a[@href='/products/purple-gloves']", single("link: Purple Gloves page")],
    [
      "XPath, closed shadow root (its heading)",
      "//h3[text()='Closed shadow card']",
      single("heading: Closed shadow card"),
    ],
    [
      "XPath with the xpath= prefix, shadow root in a cross-origin iframe",
      "xpath=//a[@href='/products/silver-ring']",
      single("link: Silver Ring page"),
    ],
  ])(
    "%s: %s reads exactly that element, with the ids of the full snapshot",
    async (_label, selector, check) => {
      const { pageText } = await h.client.extract({ selector });
      check(pageText);
    },
  );

  it.each([
    ["CSS", "#cross-frame"],
    ["XPath", "//iframe[@id='cross-frame']"],
  ])("%s at a cross-origin <iframe> reads the frame's document", async (_label, selector) => {
    const { pageText } = await h.client.extract({ selector });
    expect(pageText).toMatch(/^\[0-\d+\] Iframe: Cross origin\n/);
    expect(pageText).toContain("Cross-origin frame text: Black Boots $80.00");
    expect(pageText).toContain("Shadow in cross-origin frame: Silver Ring $120.00");
    expect(pageText).not.toContain("Loupe test shop");
  });

  it("at a same-origin <iframe> includes the frames nested in it", async () => {
    const { pageText } = await h.client.extract({ selector: "#same-frame" });
    expect(pageText).toContain("Same-origin frame text: Yellow Belt $15.00");
    expect(pageText).toContain("Nested frame text: Orange Tie $9.00");
    expect(pageText).not.toContain("Black Boots");
  });

  it.each([
    ["CSS", ".price"],
    ["XPath", "//span[@class='price']"],
  ])("at an element with no accessibility node of its own (%s) reads its text", async (_label, selector) => {
    const { pageText } = await h.client.extract({ selector });
    expect(pageText).toBe("$49.00");
  });

  it("at a closed shadow host (XPath) reads its shadow content", async () => {
    const { pageText } = await h.client.extract({ selector: "//closed-card" });
    expect(pageText).toContain("heading: Closed shadow card");
    expect(pageText).toContain("Closed shadow text: Purple Gloves $23.00");
    expect(pageText).not.toContain("Open shadow");
  });

  it("cuts the snapshot the model sees", async () => {
    h.model.enqueue({ json: { url: idOf(fullText, "link: Black Boots page") } });

    const result = await h.client.extract("The link", z.object({ url: z.url() }), {
      selector: "#cross-frame",
    });

    expect(result).toEqual({ url: `${h.servers.originB}/products/black-boots` });
    const sent = h.model.requests[0]!.messages()[1]!.text;
    expect(sent).toContain("Cross-origin frame text");
    expect(sent).not.toContain("Red Shoe");
    expect(sent.length).toBeLessThan(fullText.length);
  });
});

describe("ignoreSelectors", () => {
  const NOTES = [
    "Open shadow text: Green Scarf $12.00",
    "Closed shadow text: Purple Gloves $23.00",
    "Frame-in-shadow text: White Shirt $30.00",
    "Same-origin frame text: Yellow Belt $15.00",
    "Nested frame text: Orange Tie $9.00",
    "Cross-origin frame text: Black Boots $80.00",
    "Shadow in cross-origin frame: Silver Ring $120.00",
  ];

  it("removes every match, in every frame and shadow root", async () => {
    for (const note of NOTES) expect(fullText).toContain(note);

    const { pageText } = await h.client.extract({ ignoreSelectors: ["p.note"] });

    for (const note of NOTES) expect(pageText).not.toContain(note);
    expect(pageText).toContain("link: Black Boots page");
    expect(pageText).toContain("link: Purple Gloves page");
    expect(pageText).toContain("heading: Loupe test shop");
  });

  it("removes each match's descendants, text without an element line of its own included", async () => {
    const { pageText } = await h.client.extract({ ignoreSelectors: ["#products"] });
    for (const gone of ["Products", "Red Shoe", "$49.00", "Blue Hat", "$19.50"])
      expect(pageText).not.toContain(gone);

    const { pageText: noPrices } = await h.client.extract({ ignoreSelectors: [".price"] });
    expect(noPrices).not.toContain("$49.00");
    expect(noPrices).not.toContain("$19.50");
    expect(noPrices).toContain("heading: Red Shoe");
  });

  it("takes XPath and several selectors at once", async () => {
    const { pageText } = await h.client.extract({ ignoreSelectors: ["//aside", "#site-header", "footer"] });
    expect(pageText).not.toContain("Miracle Socks");
    expect(pageText).not.toContain("link: Home");
    expect(pageText).not.toContain("Footer note");
    expect(pageText).toContain("heading: Loupe test shop");
  });

  it("removes an iframe's document with the iframe, and a shadow root's content with its host", async () => {
    const { pageText } = await h.client.extract({ ignoreSelectors: ["#cross-frame", "//closed-card"] });
    expect(pageText).not.toContain("Black Boots");
    expect(pageText).not.toContain("Silver Ring");
    expect(pageText).not.toContain("Purple Gloves");
    expect(pageText).toContain("Yellow Belt");
    expect(pageText).toContain("Green Scarf");
  });

  it("combines with selector, and a selector matching nothing removes nothing", async () => {
    const { pageText } = await h.client.extract({
      selector: "#products",
      ignoreSelectors: [".product:last-child", "#no-such-element"],
    });
    expect(pageText).toContain("Red Shoe");
    expect(pageText).not.toContain("Blue Hat");

    expect((await h.client.extract({ ignoreSelectors: ["#no-such-element"] })).pageText).toBe(fullText);
  });

  it("cuts the snapshot the model sees", async () => {
    h.model.enqueue({ text: "No sponsored items." });

    await h.client.extract("Anything sponsored?", { ignoreSelectors: ["#ads"] });

    const sent = h.model.requests[0]!.text();
    expect(sent).not.toContain("Miracle Socks");
    expect(sent).toContain("Red Shoe");
  });
});

describe("screenshot", () => {
  it.each(["chat", "responses"] as const)(
    "screenshot: true sends a PNG of the viewport (not the full page) to the %s endpoint",
    async (endpoint) => {
      h.model.enqueue({ json: { title: "Loupe test shop" } });

      await h.client.extract("The title", Title, {
        screenshot: true,
        model: endpoint === "chat" ? h.chatModel : h.responsesModel,
      });

      const request = h.model.requests[0]!;
      expect(request.endpoint).toBe(endpoint);
      expect(request.hasImage()).toBe(true);
      expect(request.text()).toContain("A screenshot of the visible part of the page is attached.");
      const png = pngSize(request.body);
      // (A string, since the tests compile without the DOM library.)
      const viewport = await h.page.evaluate<{ width: number; height: number; pageHeight: number }>(`({
        width: Math.round(innerWidth * devicePixelRatio),
        height: Math.round(innerHeight * devicePixelRatio),
        pageHeight: Math.round(document.documentElement.scrollHeight * devicePixelRatio),
      })`);
      expect(png).toEqual({ width: viewport.width, height: viewport.height });
      expect(viewport.pageHeight).toBeGreaterThan(viewport.height);
    },
  );

  it("sends no image without screenshot, or with screenshot: false", async () => {
    h.model.enqueue({ json: { title: "A" } }, { json: { title: "B" } });

    await h.client.extract("The title", Title);
    await h.client.extract("The title", Title, { screenshot: false });

    for (const request of h.model.requests) {
      expect(request.hasImage()).toBe(false);
      expect(request.text()).not.toContain("screenshot");
    }
  });
});

describe("serverCache", () => {
  it("is accepted and has no effect in LOCAL: the same request, and no cacheStatus", async () => {
    const runs = [undefined, true, false];
    for (let i = 0; i < runs.length; i++)
      h.model.enqueue({ json: { title: "Loupe test shop" } }, { text: "Shop" });

    for (const serverCache of runs) {
      const data = await h.client.extract(
        "The title",
        Title,
        serverCache === undefined ? {} : { serverCache },
      );
      // `extract(instruction, {})` would read `{}` as a JSON Schema (any value), so no options object here.
      const text = await (serverCache === undefined
        ? h.client.extract("The title")
        : h.client.extract("The title", { serverCache }));
      expect(data).toEqual({ title: "Loupe test shop" });
      expect(data).not.toHaveProperty("cacheStatus");
      expect(text).toEqual({ extraction: "Shop" });
      expect(text).not.toHaveProperty("cacheStatus");
    }

    // Requests alternate schema, text, schema, text…: each kind was sent identically all three times.
    for (const parity of [0, 1]) {
      const bodies = h.model.requests.filter((_, i) => i % 2 === parity).map((r) => r.body);
      expect(bodies).toHaveLength(3);
      expect(bodies).toEqual([bodies[0], bodies[0], bodies[0]]);
    }
  });
});

/** The pixel size of the PNG screenshot inside a recorded request body (from its IHDR chunk). */
function pngSize(body: unknown): { width: number; height: number } {
  const match = /data:image\/png;base64,([A-Za-z0-9+/=]+)/.exec(JSON.stringify(body));
  if (!match?.[1]) throw new Error("no PNG data URL in the request");
  const png = Buffer.from(match[1], "base64");
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
