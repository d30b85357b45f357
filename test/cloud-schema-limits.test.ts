/**
 * Loupe Cloud end to end, bounded schemas: a schema past a limit is refused before anything runs (the
 * SDK's FetchValidationError, the server's 400 for callers of the HTTP API, on fetch and on session
 * extract), and a pattern that backtracks in V8 is applied to a long model answer without stalling the
 * server. Real server, real loopback target, the scripted model server, one real hosted session.
 */
import { cloud, FetchValidationError } from "@loupe/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectErrorBody,
  expectFetchError,
  startCloudHarness,
  type CloudHarness,
} from "./support/cloud-harness.js";
import { createSession, html } from "./support/session-harness.js";

let h: CloudHarness;

/** An object schema with `n` string properties: 4,000 took seconds to compile on the server's thread. */
function withProperties(n: number): Record<string, unknown> {
  return {
    type: "object",
    properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`field${i}`, { type: "string" }])),
  };
}

beforeAll(async () => {
  h = await startCloudHarness({
    model: true,
    routes: {
      "/code": (_req, res) =>
        res.writeHead(200, { "content-type": "text/markdown; charset=utf-8" }).end("# The code\n\naaaa\n"),
      "/page": html("<title>Page</title><p>Hello</p>"),
    },
  });
});

afterAll(async () => {
  await h.close();
});

describe("a schema past a limit", () => {
  it("is refused by cloud.fetch with FetchValidationError before anything is sent", async () => {
    const error = await cloud
      .fetch({
        apiKey: h.apiKey,
        baseURL: h.server.url,
        url: h.target.url("/code"),
        format: "json",
        schema: withProperties(4_000),
      })
      .then(
        () => undefined,
        (reason: unknown) => reason,
      );
    expect(error).toBeInstanceOf(FetchValidationError);
    expect((error as Error).message).toMatch(/^The schema has 4,000 properties; the limit is 1,000\./);
    expect(h.target.hits("/code")).toBe(0);
  });

  it("is refused by POST /v1/fetch with 400 invalid_request naming the limit, and the target is never fetched", async () => {
    const answer = await h.api("POST", "/v1/fetch", {
      body: { url: h.target.url("/code"), format: "json", schema: withProperties(4_000) },
    });
    expectErrorBody(answer, 400, "invalid_request");
    expect(answer.json?.["message"]).toMatch(/^The schema has 4,000 properties; the limit is 1,000\./);
    const backreference = await h.api("POST", "/v1/fetch", {
      body: {
        url: h.target.url("/code"),
        format: "json",
        schema: { type: "object", properties: { code: { type: "string", pattern: "^(a)\\1$" } } },
      },
    });
    expectErrorBody(backreference, 400, "invalid_request");
    expect(backreference.json?.["message"]).toMatch(/uses a backreference \(\\1\), which Loupe does not run/);
    expect(h.target.hits("/code")).toBe(0);
    expect(h.model?.requests).toHaveLength(0);
  });

  it("is refused by session extract with 400 invalid_request before the page is read", async () => {
    const session = await createSession(h);
    try {
      const answer = await h.api("POST", `/v1/sessions/${session.id}/extract`, {
        body: { instruction: "everything", schema: withProperties(4_000) },
      });
      expectErrorBody(answer, 400, "invalid_request");
      expect(answer.json?.["message"]).toMatch(
        /^schema: The schema has 4,000 properties; the limit is 1,000\./,
      );
    } finally {
      await h.api("DELETE", `/v1/sessions/${session.id}`);
    }
  });
});

describe("a pattern that backtracks in V8", () => {
  it("is applied to a long answer the page steered without stalling the server", async () => {
    const model = h.model!;
    const before = model.requests.length;
    // The page makes the model answer 30,000 a's and a '!'; V8 would need longer than the universe has.
    const steered = { code: "a".repeat(30_000) + "!" };
    model.enqueue({ json: steered }, { json: steered });
    const schema = {
      type: "object",
      properties: { code: { type: "string", pattern: "^(a+)+$" } },
      required: ["code"],
    };
    const fetching = expectFetchError(
      h.fetch({ url: h.target.url("/code"), format: "json", schema }),
      "extraction_failed",
      422,
    );
    // Meanwhile the server answers others.
    const health = await h.api("GET", "/healthz", { apiKey: null });
    expect(health.status).toBe(200);
    const error = await fetching;
    expect(error.message).toContain('must match pattern "^(a+)+$"');
    expect(model.requests.length - before).toBe(2);
  });
});
