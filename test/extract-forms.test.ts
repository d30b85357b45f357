/**
 * The call forms of `extract` (spec §4.1), the schema kinds it accepts, the exact prompt it sends and
 * the metrics it records — against real Chromium and the scripted model server.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { z as z3 } from "zod/v3";
import { idOf, startHarness, type Harness } from "./support/harness.js";

let h: Harness;
/** The full snapshot of the fixture page, read once for its ids. */
let pageText: string;

beforeAll(async () => {
  h = await startHarness();
  await h.goto("/frames-shadow/");
  ({ pageText } = await h.client.extract());
});
afterAll(() => h.close());
afterEach(() => h.model.reset());

describe("call forms", () => {
  it("extract() returns only { pageText } of the active page and calls no model", async () => {
    const result = await h.client.extract();
    expect(Object.keys(result)).toEqual(["pageText"]);
    expect(result.pageText).toContain("heading: Loupe test shop");
    expect(result.pageText).toContain("Footer note: shipping within 3 days");
    expect(h.model.requests).toHaveLength(0);
  });

  it("extract(options) returns only { pageText }, cut by the options", async () => {
    const result = await h.client.extract({ selector: "#products", ignoreSelectors: [".price"] });
    expect(Object.keys(result)).toEqual(["pageText"]);
    expect(result.pageText).toContain("heading: Red Shoe");
    expect(result.pageText).not.toContain("$49.00");
    expect(result.pageText).not.toContain("Loupe test shop");
    expect(h.model.requests).toHaveLength(0);
  });

  it("extract(instruction) returns { extraction } from one free-text call, link ids turned into URLs", async () => {
    const redShoe = idOf(pageText, "link: Details for Red Shoe");
    h.model.enqueue({ text: `Red Shoe costs $49.00; details at [${redShoe}].` });

    const result = await h.client.extract("What does the Red Shoe cost, and where are its details?");

    expect(result).toEqual({
      extraction: `Red Shoe costs $49.00; details at ${h.servers.originA}/products/red-shoe.`,
    });
    expect(h.model.requests).toHaveLength(1);
    const request = h.model.requests[0]!;
    expect(request.text()).toContain("Instruction: What does the Red Shoe cost, and where are its details?");
    expect(request.text()).toContain(pageText);
    // Free text: no structured-output format is requested.
    expect(request.body["response_format"]).toBeUndefined();
  });

  it("extract(instruction, options) is the instruction-only form with options", async () => {
    h.model.enqueue({ text: "Miracle Socks are sponsored." });

    const result = await h.client.extract("What is sponsored?", { selector: "#ads", timeout: 30_000 });

    expect(result).toEqual({ extraction: "Miracle Socks are sponsored." });
    const sent = h.model.requests[0]!.text();
    expect(sent).toContain("Sponsored: Miracle Socks");
    expect(sent).not.toContain("Red Shoe");
  });

  it("extract(instruction, {}) reads the empty object as no options, not as an any-value schema", async () => {
    h.model.enqueue({ text: "A shop." });

    expect(await h.client.extract("What is this page?", {})).toEqual({ extraction: "A shop." });
    expect(h.model.requests[0]!.body["response_format"]).toBeUndefined();
  });

  it("extract(instruction, schema) returns the value the schema describes", async () => {
    h.model.enqueue({
      json: {
        products: [
          { name: "Red Shoe", price: 49 },
          { name: "Blue Hat", price: 19.5 },
        ],
      },
    });

    const result = await h.client.extract(
      "List the products with their prices",
      z.object({ products: z.array(z.object({ name: z.string(), price: z.number() })) }),
    );

    expect(result).toEqual({
      products: [
        { name: "Red Shoe", price: 49 },
        { name: "Blue Hat", price: 19.5 },
      ],
    });
    expect(h.model.requests).toHaveLength(1);
    expect(h.model.requests[0]!.text()).toContain(pageText);
  });

  it("extract(instruction, schema, options) applies the options to the page sent", async () => {
    h.model.enqueue({ json: { title: "Closed shadow card" } });

    const result = await h.client.extract("The card's title", z.object({ title: z.string() }), {
      selector: "#closed-host",
    });

    expect(result).toEqual({ title: "Closed shadow card" });
    const sent = h.model.requests[0]!.text();
    expect(sent).toContain("Closed shadow text: Purple Gloves $23.00");
    expect(sent).not.toContain("Loupe test shop");
  });
});

describe("schema kinds", () => {
  it("accepts a zod 3 schema (zod/v3), URL fields included", async () => {
    h.model.enqueue({ json: { name: "Red Shoe", url: idOf(pageText, "link: Details for Red Shoe") } });

    const result = await h.client.extract(
      "The first product",
      z3.object({ name: z3.string(), url: z3.string().url() }),
    );

    expect(result).toEqual({ name: "Red Shoe", url: `${h.servers.originA}/products/red-shoe` });
  });

  it("accepts a zod 4 schema and applies its transforms to the result", async () => {
    h.model.enqueue({ json: { name: "blue hat", url: idOf(pageText, "link: Details for Blue Hat") } });

    const result = await h.client.extract(
      "The second product",
      z.object({ name: z.string().transform((s) => s.toUpperCase()), url: z.url() }),
    );

    expect(result).toEqual({ name: "BLUE HAT", url: "https://shop.example/products/blue-hat" });
  });

  it("accepts a plain JSON Schema, with format: uri as a URL field", async () => {
    h.model.enqueue({ json: { heading: "Loupe test shop", home: idOf(pageText, "link: Home") } });

    const result = await h.client.extract("The heading and the home link", {
      type: "object",
      properties: { heading: { type: "string" }, home: { type: "string", format: "uri" } },
      required: ["heading", "home"],
    });

    expect(result).toEqual({ heading: "Loupe test shop", home: `${h.servers.originA}/` });
  });

  it("accepts a top-level array: the model answers { value: [...] }, the caller gets the array", async () => {
    h.model.enqueue({ json: { value: ["Red Shoe", "Blue Hat"] } });

    const result = await h.client.extract("The product names", z.array(z.string()));

    expect(result).toEqual(["Red Shoe", "Blue Hat"]);
    const format = h.model.requests[0]!.body["response_format"] as { json_schema: { schema: unknown } };
    expect(format.json_schema.schema).toMatchObject({
      type: "object",
      properties: { value: { type: "array", items: { type: "string" } } },
      required: ["value"],
    });
  });

  it("accepts a top-level string", async () => {
    h.model.enqueue({ json: { value: "Loupe test shop" } });

    const result = await h.client.extract("The page's main heading", { type: "string" });

    expect(result).toBe("Loupe test shop");
  });

  it("accepts a top-level URL string, answered with a link id", async () => {
    h.model.enqueue({ json: { value: idOf(pageText, "link: Catalog page 2") } });

    const result = await h.client.extract("The catalog link", z.url());

    expect(result).toBe(`${h.servers.originA}/catalog?page=2`);
  });
});

describe("the prompt sent", () => {
  it("sends exactly the schema system prompt and `Instruction: … Page snapshot: …` as the user message", async () => {
    h.model.enqueue({ json: { title: "Loupe test shop" } });

    await h.client.extract("Get the page title", z.object({ title: z.string() }));

    const messages = h.model.requests[0]!.messages();
    expect(messages.map((m) => m.role)).toEqual(["system", "user"]);
    expect(messages[0]!.text).toBe(
      [
        "You extract data from a web page into JSON that matches the given schema.",
        "The page is an accessibility-tree snapshot: one element per line as `[id] role: name`, text on lines of its own, children indented under their parent, the content of frames under their `Iframe` line.",
        "Answer only with what the page shows; never invent values. Where the page lacks a value, use null if the schema allows it, else an empty string or empty list.",
        "A field that holds a link or URL is answered with the id of the link element (the text in square brackets before `link`, like 2-17), never with a URL: Loupe puts in the link's address.",
      ].join("\n"),
    );
    expect(messages[1]!.text).toBe(`Instruction: Get the page title\n\nPage snapshot:\n${pageText}`);
    expect(messages[1]!.images).toBe(0);
  });

  it("sends the free-text system prompt for an instruction without a schema", async () => {
    h.model.enqueue({ text: "Loupe test shop" });

    await h.client.extract("Get the page title");

    const messages = h.model.requests[0]!.messages();
    expect(messages[0]!.text).toBe(
      [
        "You answer an instruction about a web page in plain text, from the page's content only.",
        "The page is an accessibility-tree snapshot: one element per line as `[id] role: name`, text on lines of its own, children indented under their parent, the content of frames under their `Iframe` line.",
        "Never write a URL. To point at a link, write its id in square brackets, like [2-17]: Loupe replaces it with the link's address.",
      ].join("\n"),
    );
    expect(messages[1]!.text).toBe(`Instruction: Get the page title\n\nPage snapshot:\n${pageText}`);
  });

  it("asks for a link id, not a URL, in the schema sent for a URL field", async () => {
    h.model.enqueue({ json: { url: idOf(pageText, "link: Home") } });

    await h.client.extract("The home link", z.object({ url: z.url() }));

    const format = h.model.requests[0]!.body["response_format"] as { json_schema: { schema: unknown } };
    expect(format.json_schema.schema).toMatchObject({
      properties: {
        url: {
          type: "string",
          pattern: "^\\d+-\\d+$",
          description: "The id of the link element in the page snapshot, like 2-17, whose URL is meant.",
        },
      },
    });
    expect(JSON.stringify(format.json_schema.schema)).not.toContain('"format"');
  });
});

describe("metrics", () => {
  it("counts exactly one model call and its tokens for a successful schema extract", async () => {
    const before = h.client.metrics;
    h.model.enqueue({ json: { title: "Loupe test shop" }, usage: { input: 321, output: 17 } });

    await h.client.extract("The title", z.object({ title: z.string() }));

    const after = h.client.metrics;
    expect(h.model.requests).toHaveLength(1);
    expect(after.extract.calls - before.extract.calls).toBe(1);
    expect(after.extract.llmCalls - before.extract.llmCalls).toBe(1);
    expect(after.extract.inputTokens - before.extract.inputTokens).toBe(321);
    expect(after.extract.outputTokens - before.extract.outputTokens).toBe(17);
    expect(after.extract.totalMs).toBeGreaterThan(before.extract.totalMs);
    expect(after.total.llmCalls).toBe(after.extract.llmCalls + after.act.llmCalls);
  });

  it("counts a page-text extract as a call with no model call", async () => {
    const before = h.client.metrics;

    await h.client.extract();

    const after = h.client.metrics;
    expect(after.extract.calls - before.extract.calls).toBe(1);
    expect(after.extract.llmCalls).toBe(before.extract.llmCalls);
    expect(after.extract.inputTokens).toBe(before.extract.inputTokens);
  });

  it("counts the repair turn as a second model call", async () => {
    const before = h.client.metrics;
    h.model.enqueue(
      { json: { count: "two" }, usage: { input: 100, output: 5 } },
      { json: { count: 2 }, usage: { input: 150, output: 4 } },
    );

    await h.client.extract("How many products?", z.object({ count: z.number() }));

    const after = h.client.metrics;
    expect(after.extract.llmCalls - before.extract.llmCalls).toBe(2);
    expect(after.extract.inputTokens - before.extract.inputTokens).toBe(250);
    expect(after.extract.outputTokens - before.extract.outputTokens).toBe(9);
  });

  it("hands out copies that later calls do not change", async () => {
    const snapshot = h.client.metrics;
    const calls = snapshot.extract.calls;
    await h.client.extract();
    expect(snapshot.extract.calls).toBe(calls);
  });
});

describe("logging", () => {
  it("sends the client's log lines to the logger option", async () => {
    h.logs.length = 0;
    h.model.enqueue({ json: { title: "Loupe test shop" } });

    await h.client.extract("The title", z.object({ title: z.string() }));

    const finished = h.logs.find((line) => line.category === "extract" && /finished/.test(line.message));
    expect(finished).toMatchObject({ level: "info", details: { ms: expect.any(Number) } });
    expect(Date.parse(finished!.timestamp)).not.toBeNaN();
  });
});
