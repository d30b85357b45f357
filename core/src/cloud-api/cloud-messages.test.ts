import { describe, expect, it } from "vitest";
import * as z from "zod";
import { ClientError, SchemaValidationError } from "../errors.js";
import { parseExtractArguments } from "../extract/extract-arguments.js";
import { buildActRequest, buildExtractRequest, finishExtract, withCacheStatus } from "./cloud-messages.js";

describe("buildExtractRequest", () => {
  it("sends the page-text form with options only", async () => {
    const { body, schema } = await buildExtractRequest(parseExtractArguments([]), "T1", true);
    expect(body).toEqual({ options: { serverCache: true, targetId: "T1" } });
    expect(schema).toBeUndefined();
  });

  it("sends how a long page's parts run and merge, and keeps the progress callback here", async () => {
    const call = parseExtractArguments([
      "every product",
      { concurrency: 2, itemKey: "sku", onProgress: () => {} },
    ]);
    expect((await buildExtractRequest(call, "T4", true)).body).toEqual({
      instruction: "every product",
      options: { serverCache: true, targetId: "T4", concurrency: 2, itemKey: "sku" },
    });
  });

  it("sends the instruction and the call's options, and the serverCache it is given", async () => {
    const call = parseExtractArguments([
      "the title",
      { selector: "#main", ignoreSelectors: ["nav"], timeout: 5000, screenshot: true, serverCache: false },
    ]);
    expect((await buildExtractRequest(call, "T2", false)).body).toEqual({
      instruction: "the title",
      options: {
        serverCache: false,
        targetId: "T2",
        selector: "#main",
        ignoreSelectors: ["nav"],
        timeout: 5000,
        screenshot: true,
      },
    });
  });

  it("converts a zod schema to JSON Schema (URL fields as format uri) and keeps it to validate with", async () => {
    const call = parseExtractArguments([
      "the product",
      z.object({ name: z.string(), link: z.string().url() }),
    ]);
    const { body, schema } = await buildExtractRequest(call, "T3", true);
    expect(body["instruction"]).toBe("the product");
    expect(body["schema"]).toMatchObject({
      type: "object",
      properties: { name: { type: "string" }, link: { type: "string", format: "uri" } },
      required: ["name", "link"],
    });
    expect(schema?.kind).toBe("zod4");
  });

  it("refuses a per-call model: the service's model answers in CLOUD", async () => {
    const call = parseExtractArguments(["x", { model: "openai/gpt-4.1" }]);
    await expect(buildExtractRequest(call, "T", true)).rejects.toThrow(ClientError);
    await expect(buildExtractRequest(call, "T", true)).rejects.toThrow(
      /extract\(\) option "model" has no effect with env "CLOUD"/,
    );
  });
});

describe("buildActRequest", () => {
  it("sends the instruction, the variables, the timeout and the page's target", async () => {
    expect(
      buildActRequest("type %pw% in Password", { variables: { pw: "s3cret" }, timeout: 9000 }, "T"),
    ).toEqual({
      instruction: "type %pw% in Password",
      options: { targetId: "T", variables: { pw: "s3cret" }, timeout: 9000 },
    });
    expect(buildActRequest("click Go", {}, "T")).toEqual({
      instruction: "click Go",
      options: { targetId: "T" },
    });
  });

  it("refuses a per-call model", async () => {
    expect(() => buildActRequest("click", { model: "openai/x" }, "T")).toThrow(/act\(\) option "model"/);
  });
});

describe("finishExtract", () => {
  const hit = { cacheStatus: "HIT" as const, usage: undefined };

  it("gives the page-text and text forms LOCAL's shapes, with cacheStatus", async () => {
    expect(
      await finishExtract(parseExtractArguments([]), undefined, { result: { pageText: "P" }, ...hit }),
    ).toEqual({
      pageText: "P",
      cacheStatus: "HIT",
    });
    expect(
      await finishExtract(parseExtractArguments(["q"]), undefined, { result: { extraction: "E" }, ...hit }),
    ).toEqual({ extraction: "E", cacheStatus: "HIT" });
  });

  it("parses the value with the caller's schema, so transforms apply", async () => {
    const schema = z.object({ price: z.string().transform((s) => Number(s.replace("$", ""))) });
    const call = parseExtractArguments(["price", schema]);
    const { schema: normalized } = await buildExtractRequest(call, "T", true);
    expect(
      await finishExtract(call, normalized, {
        result: { price: "$12" },
        cacheStatus: "MISS",
      }),
    ).toEqual({
      price: 12,
      cacheStatus: "MISS",
    });
  });

  it("throws SchemaValidationError with the received value when the caller's schema rejects it", async () => {
    const call = parseExtractArguments(["n", z.object({ n: z.number().int().min(10) })]);
    const { schema } = await buildExtractRequest(call, "T", true);
    const error = await finishExtract(call, schema, {
      result: { n: 3 },
      cacheStatus: undefined,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SchemaValidationError);
    expect(error).toMatchObject({ received: { n: 3 }, issues: [{ path: ["n"] }] });
  });

  it("refuses a text result that is not text", async () => {
    await expect(
      finishExtract(parseExtractArguments(["q"]), undefined, {
        result: { other: 1 },
        cacheStatus: undefined,
      }),
    ).rejects.toThrow(`Loupe Cloud's extract result has no "extraction" text: {"other":1}`);
  });
});

describe("withCacheStatus", () => {
  it("adds cacheStatus to plain objects only, never over the data's own field", async () => {
    expect(withCacheStatus({ a: 1 }, "HIT")).toEqual({ a: 1, cacheStatus: "HIT" });
    expect(withCacheStatus({ a: 1 }, undefined)).toEqual({ a: 1 });
    expect(withCacheStatus([1, 2], "HIT")).toEqual([1, 2]);
    expect(withCacheStatus("text", "MISS")).toBe("text");
    expect(withCacheStatus({ cacheStatus: "mine" }, "HIT")).toEqual({ cacheStatus: "mine" });
    const date = new Date(0);
    expect(withCacheStatus(date, "HIT")).toBe(date);
  });
});
