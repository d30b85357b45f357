/**
 * Loupe Cloud end to end, the fetch `metadata` option: what a page's structured data states, as a field
 * and as front matter, only when asked, and refused with raw content. A real server and loopback targets.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FetchValidationError } from "@loupe/core";
import { expectErrorBody, startCloudHarness, type CloudHarness } from "./support/cloud-harness.js";

let h: CloudHarness;

beforeAll(async () => {
  h = await startCloudHarness({ model: true });
});

afterAll(async () => {
  await h.close();
});

beforeEach(() => {
  h.model?.reset();
});

describe("metadata", () => {
  const PRODUCT_HTML = `<!doctype html><html><head><title>Brass compass | Chandlery</title>
    <script type="application/ld+json">${JSON.stringify({
      "@context": "https://schema.org",
      "@graph": [
        { "@type": "Organization", name: "Chandlery Ltd" },
        {
          "@type": "Product",
          name: "Brass compass",
          offers: { "@type": "Offer", price: "89.00", priceCurrency: "GBP" },
        },
      ],
    })}</script></head>
    <body><main><h1>Brass compass</h1><p>£89.00</p><p>${"A liquid-damped compass in a brass bowl, gimballed for small boats. ".repeat(4)}</p></main></body></html>`;

  beforeAll(() => {
    h.target.route("/compass", (_req, res) =>
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(PRODUCT_HTML),
    );
    h.target.route("/notes", (_req, res) =>
      res
        .writeHead(200, { "content-type": "text/html" })
        .end(
          "<html><head><title>Notes</title></head><body><p>The quay is closed on Sunday.</p></body></html>",
        ),
    );
  });

  it("is absent unless asked for", async () => {
    const result = await h.fetch({ url: h.target.url("/compass"), format: "markdown" });
    expect(result.metadata).toBeUndefined();
    expect((result.content as string).startsWith("# Brass compass")).toBe(true);
  });

  it("with markdown: the page's stated facts as metadata and as front matter", async () => {
    const result = await h.fetch({ url: h.target.url("/compass"), format: "markdown", metadata: true });
    expect(result.metadata).toEqual({
      type: "Product",
      title: "Brass compass",
      price: "89.00",
      currency: "GBP",
    });
    const markdown = result.content as string;
    expect(markdown).toMatch(
      /^---\ntitle: "Brass compass"\nprice: "89.00"\ncurrency: "GBP"\ntype: "Product"\n---\n\n# Brass compass/,
    );
    expect(markdown).toContain("liquid-damped compass");
  });

  it("with json: metadata beside the extracted content; {} for a page that states nothing", async () => {
    h.model?.enqueue({ json: { name: "Brass compass" } });
    const product = await h.fetch({
      url: h.target.url("/compass"),
      format: "json",
      schema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
      metadata: true,
    });
    expect(product.content).toEqual({ name: "Brass compass" });
    expect(product.metadata).toEqual({
      type: "Product",
      title: "Brass compass",
      price: "89.00",
      currency: "GBP",
    });
    const bare = await h.fetch({ url: h.target.url("/notes"), format: "markdown", metadata: true });
    expect(bare.metadata).toEqual({});
    expect((bare.content as string).startsWith("---")).toBe(false);
  });

  it("is refused with raw content: by the SDK before sending, and by the server for HTTP callers", async () => {
    await expect(h.fetch({ url: h.target.url("/compass"), metadata: true })).rejects.toThrow(
      FetchValidationError,
    );
    const answer = await h.api("POST", "/v1/fetch", {
      body: { url: h.target.url("/compass"), metadata: true },
    });
    expectErrorBody(answer, 400, "invalid_request");
    expect(answer.json?.["message"]).toContain('metadata: goes with format "markdown" or "json"');
    const wrongType = await h.api("POST", "/v1/fetch", {
      body: { url: h.target.url("/compass"), format: "markdown", metadata: "yes" },
    });
    expectErrorBody(wrongType, 400, "invalid_request");
  });
});
