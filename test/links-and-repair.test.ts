/**
 * URL fields (the model answers a link id, Loupe puts in the link's absolute URL) and the one repair turn
 * for answers that do not fit the schema, ending in SchemaValidationError when the repair fails too.
 */
import { SchemaValidationError } from "@loupe/core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { z as z3 } from "zod/v3";
import { idOf, rejectionOf, startHarness, type Harness } from "./support/harness.js";

let h: Harness;
let pageText: string;

beforeAll(async () => {
  h = await startHarness();
  await h.goto("/frames-shadow/");
  ({ pageText } = await h.client.extract());
});
afterAll(() => h.close());
afterEach(() => h.model.reset());

const Link = z.object({ url: z.url() });

describe("URL fields", () => {
  it("get the absolute URL of the link the model names, wherever the link lives", async () => {
    const A = h.servers.originA;
    const B = h.servers.originB;
    const expected: [name: string, url: string][] = [
      ["Home", `${A}/`],
      ["Catalog page 2", `${A}/catalog?page=2`],
      ["Details for Red Shoe", `${A}/products/red-shoe`],
      ["Details for Blue Hat", "https://shop.example/products/blue-hat"],
      ["Green Scarf page", `${A}/products/green-scarf`],
      ["Purple Gloves page", `${A}/products/purple-gloves`],
      ["White Shirt page", `${A}/products/white-shirt`],
      ["Yellow Belt page", `${A}/products/yellow-belt`],
      ["Orange Tie page", `${A}/products/orange-tie`],
      ["Black Boots page", `${B}/products/black-boots`],
      ["Silver Ring page", `${B}/products/silver-ring`],
    ];
    h.model.enqueue({
      json: {
        links: expected.map(([name], i) => {
          const id = idOf(pageText, `link: ${name}`);
          // Models sometimes copy the brackets from the snapshot line; that is still the id.
          return { name, url: i % 2 ? `[${id}]` : id };
        }),
      },
    });

    const result = await h.client.extract(
      "Every link on the page",
      z.object({ links: z.array(z.object({ name: z.string(), url: z.url() })) }),
    );

    expect(result).toEqual({ links: expected.map(([name, url]) => ({ name, url })) });
    expect(h.model.requests).toHaveLength(1);
  });

  it("work in JSON Schema (format: uri) and zod 3 (.url()), and keep null where the schema allows it", async () => {
    const home = idOf(pageText, "link: Home");
    h.model.enqueue({ json: { a: home, b: null } }, { json: { a: home, b: null } });

    const json = await h.client.extract("Links", {
      type: "object",
      properties: { a: { type: "string", format: "uri" }, b: { type: ["string", "null"], format: "uri" } },
      required: ["a", "b"],
    });
    const zod3 = await h.client.extract(
      "Links",
      z3.object({ a: z3.string().url(), b: z3.string().url().nullable() }),
    );

    expect(json).toEqual({ a: `${h.servers.originA}/`, b: null });
    expect(zod3).toEqual({ a: `${h.servers.originA}/`, b: null });
  });

  it("accept a URL the model copied only when it is the address of one of the page's links", async () => {
    h.model.enqueue({ json: { url: "https://shop.example/products/blue-hat" } });
    await expect(h.client.extract("The Blue Hat link", Link)).resolves.toEqual({
      url: "https://shop.example/products/blue-hat",
    });
    expect(h.model.requests).toHaveLength(1);

    h.model.reset();
    h.model.enqueue(
      { json: { url: "https://invented.example/blue-hat" } },
      { json: { url: idOf(pageText, "link: Details for Blue Hat") } },
    );
    await expect(h.client.extract("The Blue Hat link", Link)).resolves.toEqual({
      url: "https://shop.example/products/blue-hat",
    });
    expect(h.model.requests).toHaveLength(2);
    expect(h.model.requests[1]!.text()).toContain(
      "- url: `https://invented.example/blue-hat` is a URL; write the link's id, not a URL",
    );
  });

  it("an id that names no link gets one repair turn; a real id then succeeds", async () => {
    const real = idOf(pageText, "link: Black Boots page");
    h.model.enqueue({ json: { url: "0-999999" } }, { json: { url: real } });

    const result = await h.client.extract("The Black Boots link", Link);

    expect(result).toEqual({ url: `${h.servers.originB}/products/black-boots` });
    expect(h.model.requests).toHaveLength(2);
    const repair = h.model.requests[1]!.messages();
    expect(repair.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(JSON.parse(repair[2]!.text)).toEqual({ url: "0-999999" });
    expect(repair[3]!.text).toBe(
      "Your answer does not match the schema:\n" +
        "- url: `0-999999` is not the id of a link in the snapshot; answer with the id in square brackets before a `link` line\n\n" +
        "Answer again with the complete, corrected JSON. Remember: link fields take the link's id (like 2-17), not a URL.",
    );
  });

  it("an id that names no link twice (a heading's, then an invented one) is a SchemaValidationError", async () => {
    const heading = idOf(pageText, "heading: Loupe test shop");
    h.model.enqueue({ json: { url: heading } }, { json: { url: "7-7" } });

    const error = await rejectionOf(h.client.extract("The shop link", Link));

    expect(error).toBeInstanceOf(SchemaValidationError);
    const { issues, received } = error as SchemaValidationError;
    expect(issues).toEqual([
      { path: ["url"], message: expect.stringMatching(/^`7-7` is not the id of a link/) },
    ]);
    expect(received).toEqual({ url: "7-7" });
    expect(h.model.requests).toHaveLength(2);
    expect(h.model.requests[1]!.text()).toContain(
      `- url: \`${heading}\` is not the id of a link in the snapshot`,
    );
  });

  it("in free text, bracketed ids of links become URLs and other ids stay as written", async () => {
    const boots = idOf(pageText, "link: Black Boots page");
    const heading = idOf(pageText, "heading: Loupe test shop");
    h.model.enqueue({ text: `Boots: [${boots}]. Heading: [${heading}]. Unknown: [9-9].` });

    const result = await h.client.extract("Where are the boots?");

    expect(result).toEqual({
      extraction: `Boots: ${h.servers.originB}/products/black-boots. Heading: [${heading}]. Unknown: [9-9].`,
    });
  });
});

describe("the repair turn", () => {
  const Product = z.object({ name: z.string(), price: z.number().positive() });

  it("an answer failing validation once is repaired: exactly 2 requests, the second shows the issue", async () => {
    h.model.enqueue(
      { json: { name: "Red Shoe", price: "$49.00" } },
      { json: { name: "Red Shoe", price: 49 } },
    );

    const result = await h.client.extract("The first product", Product);

    expect(result).toEqual({ name: "Red Shoe", price: 49 });
    expect(h.model.requests).toHaveLength(2);
    const second = h.model.requests[1]!.messages();
    expect(second.at(-1)!.text).toMatch(
      /^Your answer does not match the schema:\n- price: .*expected number, received string/,
    );
    // The first attempt is in the conversation, after the same system prompt and page.
    expect(second[0]!.text).toBe(h.model.requests[0]!.messages()[0]!.text);
    expect(second[1]!.text).toBe(h.model.requests[0]!.messages()[1]!.text);
    expect(JSON.parse(second[2]!.text)).toEqual({ name: "Red Shoe", price: "$49.00" });
  });

  it("an answer failing validation twice is a SchemaValidationError with the issues and the value received", async () => {
    h.model.enqueue(
      { json: { name: "Red Shoe", price: "$49.00" } },
      { json: { name: "Red Shoe", price: -49 } },
    );

    const error = await rejectionOf(h.client.extract("The first product", Product));

    expect(error).toBeInstanceOf(SchemaValidationError);
    const { issues, received, message } = error as SchemaValidationError;
    expect(issues).toEqual([
      { path: ["price"], message: expect.stringMatching(/>0|positive|greater than 0/i) },
    ]);
    expect(received).toEqual({ name: "Red Shoe", price: -49 });
    expect(message).toMatch(/does not match the schema after one repair turn:\n {2}- price: /);
    expect(message).toMatch(/Make the schema looser .* or the instruction more precise\./);
    expect(h.model.requests).toHaveLength(2);
  });

  it("paths in a wrapped top-level array point into { value } for the model and into the array for the caller", async () => {
    h.model.enqueue(
      {
        json: {
          value: [
            { name: "Red Shoe", price: 49 },
            { name: "Blue Hat", price: "cheap" },
          ],
        },
      },
      { json: { value: [{ name: "Red Shoe", price: 49 }, { name: "Blue Hat" }] } },
    );

    const error = await rejectionOf(h.client.extract("The products", z.array(Product)));

    expect(h.model.requests[1]!.text()).toContain("- value[1].price: ");
    expect(error).toBeInstanceOf(SchemaValidationError);
    expect((error as SchemaValidationError).issues.map((i) => i.path)).toEqual([[1, "price"]]);
    expect((error as SchemaValidationError).received).toEqual([
      { name: "Red Shoe", price: 49 },
      { name: "Blue Hat" },
    ]);
  });

  it("JSON Schema validation feeds the repair turn the same way", async () => {
    const schema = {
      type: "object",
      properties: { count: { type: "integer", minimum: 0 } },
      required: ["count"],
    };
    h.model.enqueue({ json: { count: -1 } }, { json: { count: 2 } });

    await expect(h.client.extract("How many products?", schema)).resolves.toEqual({ count: 2 });

    expect(h.model.requests[1]!.text()).toMatch(/- count: .*>= 0/);
  });

  it("zod 3 validation feeds the repair turn the same way", async () => {
    h.model.enqueue({ json: { count: "two" } }, { json: { count: "two" } });

    const error = await rejectionOf(h.client.extract("How many?", z3.object({ count: z3.number() })));

    expect(h.model.requests[1]!.text()).toContain("- count: Expected number, received string");
    expect(error).toBeInstanceOf(SchemaValidationError);
    expect((error as SchemaValidationError).issues).toEqual([
      { path: ["count"], message: "Expected number, received string" },
    ]);
  });
});
