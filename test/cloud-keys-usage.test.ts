/**
 * Loupe Cloud end to end, keys and usage: who may call the API, what revoking does, and the usage each
 * project sees (its own only). Also the routes outside /v1.
 */
import { FetchValidationError } from "@loupe/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectErrorBody,
  expectFetchError,
  startCloudHarness,
  type CloudHarness,
} from "./support/cloud-harness.js";

let h: CloudHarness;

beforeAll(async () => {
  h = await startCloudHarness({
    routes: {
      "/page": (_req, res) => res.writeHead(200, { "content-type": "text/plain" }).end("a page"),
      "/missing": (_req, res) => res.writeHead(404, { "content-type": "text/plain" }).end("gone"),
      "/paper.pdf": (_req, res) =>
        res.writeHead(200, { "content-type": "application/pdf" }).end("%PDF-1.4\n%%EOF\n"),
    },
  });
});

afterAll(async () => {
  await h.close();
});

describe("routes outside the API", () => {
  it("GET /healthz answers 200 without a key, naming the store", async () => {
    const answer = await h.api("GET", "/healthz", { apiKey: null });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ ok: true, store: h.databaseUrl ? "postgres" : "sqlite" });
  });

  it("an unknown route answers 404 with the JSON error body, with or without a key", async () => {
    for (const apiKey of [null, h.apiKey]) {
      const answer = await h.api("GET", "/v2/whatever?x=1", { apiKey });
      expectErrorBody(answer, 404, "invalid_request");
      expect(answer.json?.["message"]).toContain("GET /v2/whatever");
      expect(answer.json?.["message"]).not.toContain("x=1");
    }
    expectErrorBody(await h.api("GET", "/v1/fetch"), 404, "invalid_request");
    expectErrorBody(await h.api("DELETE", "/v1/usage"), 404, "invalid_request");
  });
});

describe("API keys", () => {
  it("refuses a request without Authorization with 401 unauthorized", async () => {
    const before = h.target.connections;
    const answer = await h.api("POST", "/v1/fetch", { apiKey: null, body: { url: h.target.url("/page") } });
    expectErrorBody(answer, 401, "unauthorized");
    expect(answer.json?.["message"]).toMatch(/Authorization: Bearer/);
    expectErrorBody(await h.api("GET", "/v1/usage", { apiKey: null }), 401, "unauthorized");
    expect(h.target.connections).toBe(before);
  });

  it("refuses an Authorization header that is not a bearer key", async () => {
    for (const header of [
      `Basic ${h.apiKey}`,
      "Bearer",
      "Bearer ",
      `${h.apiKey}`,
      `Bearer ${h.apiKey} extra`,
    ]) {
      const response = await globalThis.fetch(`${h.server.url}/v1/usage`, {
        headers: { authorization: header },
      });
      expect({ header, status: response.status }).toEqual({ header, status: 401 });
      expect(await response.json()).toMatchObject({ error: "unauthorized" });
    }
  });

  it("refuses an unknown key with 401, through the SDK and raw HTTP", async () => {
    const before = h.target.connections;
    for (const key of ["not-a-loupe-key", `lp_${"A".repeat(43)}`, `${h.apiKey.slice(0, -4)}AAAA`]) {
      const error = await expectFetchError(
        h.fetch({ apiKey: key, url: h.target.url("/page") }),
        "unauthorized",
        401,
      );
      expect(error.message).toMatch(/unknown or revoked/);
      expectErrorBody(await h.api("GET", "/v1/usage", { apiKey: key }), 401, "unauthorized");
    }
    expect(h.target.connections).toBe(before);
  });

  it("accepts a valid key, and the bearer scheme in any case", async () => {
    expect(await h.fetch({ url: h.target.url("/page") })).toMatchObject({ content: "a page" });
    const response = await globalThis.fetch(`${h.server.url}/v1/usage`, {
      headers: { authorization: `bearer ${h.apiKey}` },
    });
    expect(response.status).toBe(200);
  });

  it("refuses a key revoked with server.keys.revoke (by the key and by its id); the project's other keys still work", async () => {
    const byKey = await h.server.keys.createKey("revocations");
    const byId = await h.server.keys.createKey("revocations");
    const kept = await h.server.keys.createKey("revocations");
    for (const { key } of [byKey, byId, kept]) {
      expect(await h.fetch({ apiKey: key, url: h.target.url("/page") })).toMatchObject({ statusCode: 200 });
    }

    expect(await h.server.keys.revoke(byKey.key)).toBe(true);
    expect(await h.server.keys.revoke(byId.id)).toBe(true);
    expect(await h.server.keys.revoke("key_no-such-id")).toBe(false);

    for (const { key } of [byKey, byId]) {
      await expectFetchError(h.fetch({ apiKey: key, url: h.target.url("/page") }), "unauthorized", 401);
      expectErrorBody(await h.api("GET", "/v1/usage", { apiKey: key }), 401, "unauthorized");
    }
    expect(await h.fetch({ apiKey: kept.key, url: h.target.url("/page") })).toMatchObject({
      statusCode: 200,
    });
    expect((await h.server.keys.list("revocations")).map((info) => info.revokedAt !== null).sort()).toEqual([
      false,
      true,
      true,
    ]);
  });
});

describe("usage", () => {
  it("counts each project's fetches, succeeded and failed, and shows a key only its own project's", async () => {
    const alpha = await h.server.keys.createKey("alpha");
    const alphaSecondKey = await h.server.keys.createKey("alpha");
    const beta = await h.server.keys.createKey("beta");
    const gamma = await h.server.keys.createKey("gamma");

    // alpha: two successes (a target's 404 is a successful fetch) and one failure.
    await h.fetch({ apiKey: alpha.key, url: h.target.url("/page") });
    await h.fetch({ apiKey: alphaSecondKey.key, url: h.target.url("/missing") });
    await expectFetchError(
      h.fetch({ apiKey: alpha.key, url: h.target.url("/paper.pdf"), format: "markdown" }),
      "unsupported_conversion",
    );
    // beta: one success.
    await h.fetch({ apiKey: beta.key, url: h.target.url("/page") });
    // Refused before the fetch: not a fetch, not counted.
    await expect(h.fetch({ apiKey: beta.key, url: "ftp://127.0.0.1/x" })).rejects.toBeInstanceOf(
      FetchValidationError,
    );
    expectErrorBody(
      await h.api("POST", "/v1/fetch", { apiKey: beta.key, body: { url: "ftp://127.0.0.1/x" } }),
      400,
      "invalid_request",
    );

    const alphaUsage = await h.api("GET", "/v1/usage", { apiKey: alpha.key });
    expect(alphaUsage.status).toBe(200);
    expect(alphaUsage.json).toEqual({
      project: { id: alpha.project.id, name: "alpha" },
      usage: {
        fetch: {
          count: 3,
          succeeded: 2,
          units: 3,
          bytes: expect.any(Number),
          inputTokens: 0,
          outputTokens: 0,
        },
      },
    });
    expect((alphaUsage.json?.["usage"] as { fetch: { bytes: number } }).fetch.bytes).toBe(
      Buffer.byteLength("a page") + Buffer.byteLength("gone"),
    );
    // Every key of a project sees the same totals.
    expect((await h.api("GET", "/v1/usage", { apiKey: alphaSecondKey.key })).json).toEqual(alphaUsage.json);

    const betaUsage = await h.api("GET", "/v1/usage", { apiKey: beta.key });
    expect(betaUsage.json).toMatchObject({
      project: { id: beta.project.id, name: "beta" },
      usage: { fetch: { count: 1, succeeded: 1 } },
    });
    expect(await h.api("GET", "/v1/usage", { apiKey: gamma.key })).toMatchObject({
      status: 200,
      json: { project: { name: "gamma" }, usage: {} },
    });

    // The server's own ledger agrees.
    expect((await h.server.usage.totals(alpha.project.id))["fetch"]).toMatchObject({
      count: 3,
      succeeded: 2,
    });
  });

  it("keeps counting a project across keys revoked and created", async () => {
    const first = await h.server.keys.createKey("delta");
    await h.fetch({ apiKey: first.key, url: h.target.url("/page") });
    await h.server.keys.revoke(first.key);
    const second = await h.server.keys.createKey("delta");
    expect(second.project.id).toBe(first.project.id);
    await h.fetch({ apiKey: second.key, url: h.target.url("/page") });
    expect(await h.fetchUsage(second.key)).toMatchObject({ count: 2, succeeded: 2 });
  });
});
