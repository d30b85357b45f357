/**
 * Loupe Cloud's HTTP API against its one zod contract (`@loupe/core/protocol`): the server serves the
 * OpenAPI document generated from it, answers in its shapes, and refuses bodies with its messages.
 */
import {
  CLOUD_ROUTES,
  cloudOpenApiDocument,
  errorBodySchema,
  fetchResultSchema,
  healthAnswerSchema,
  usageAnswerSchema,
} from "@loupe/core/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectErrorBody, startCloudHarness, type CloudHarness } from "./support/cloud-harness.js";

describe("Loupe Cloud's HTTP contract", () => {
  let h: CloudHarness;

  beforeAll(async () => {
    h = await startCloudHarness({
      routes: { "/page": (_req, res) => res.writeHead(200, { "content-type": "text/plain" }).end("page") },
    });
  });

  afterAll(async () => {
    await h.close();
  });

  it("serves GET /openapi.json without a key, generated from the contract", async () => {
    const answer = await h.api("GET", "/openapi.json", { apiKey: null });
    expect(answer.status).toBe(200);
    const document = answer.json as { openapi: string; info: { version: string }; paths: object };
    expect(document.openapi).toBe("3.1.0");
    expect(document).toEqual(cloudOpenApiDocument(document.info.version));
    expect(Object.keys(document.paths).sort()).toEqual(
      [...new Set(Object.values(CLOUD_ROUTES).map((route) => route.path.replace(/:(\w+)/g, "{$1}")))].sort(),
    );
  });

  it("answers in the contract's shapes", async () => {
    const fetched = await h.api("POST", "/v1/fetch", { body: { url: h.target.url("/page") } });
    expect(fetched.status).toBe(200);
    expect(fetchResultSchema.safeParse(fetched.json).success).toBe(true);
    expect(usageAnswerSchema.safeParse((await h.api("GET", "/v1/usage")).json).success).toBe(true);
    expect(
      healthAnswerSchema.safeParse((await h.api("GET", "/healthz", { apiKey: null })).json).success,
    ).toBe(true);
    const missing = await h.api("GET", "/v1/nowhere");
    expect(errorBodySchema.safeParse(missing.json).success).toBe(true);
    expect(missing.json?.["message"]).toContain("GET /openapi.json");
  });

  it("names an unknown fetch field with the body's fields, not the SDK's apiKey and baseURL", async () => {
    const answer = await h.api("POST", "/v1/fetch", { body: { url: h.target.url("/page"), follow: true } });
    expectErrorBody(answer, 400, "invalid_request");
    const message = String(answer.json?.["message"]);
    expect(message).toContain(
      'unknown field "follow" (the fields are: url, format, schema, proxies, allowRedirects, allowInsecureSsl, metadata)',
    );
    expect(message).not.toMatch(/apiKey|baseURL/);
  });

  it("says where the key goes when a caller puts it in the body", async () => {
    const answer = await h.api("POST", "/v1/fetch", { body: { url: h.target.url("/page"), apiKey: "k" } });
    expectErrorBody(answer, 400, "invalid_request");
    expect(answer.json?.["message"]).toContain('"Authorization: Bearer <key>"');
  });
});
