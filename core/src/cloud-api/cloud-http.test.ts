import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClientError } from "../errors.js";
import {
  CloudApiError,
  DEFAULT_CLOUD_URL,
  buildCloudRequest,
  callCloud,
  parseCloudAnswer,
  resolveCloudEndpoint,
} from "./cloud-http.js";

const endpoint = { cloudURL: "http://cloud.test:4455", apiKey: "lk_secret" };

describe("resolveCloudEndpoint", () => {
  it("takes the options first, then LOUPE_API_KEY and LOUPE_CLOUD_URL, then the local default", () => {
    expect(resolveCloudEndpoint({ apiKey: "a", cloudURL: "https://c.example/" }, {})).toEqual({
      apiKey: "a",
      cloudURL: "https://c.example",
    });
    expect(
      resolveCloudEndpoint({}, { LOUPE_API_KEY: "envkey", LOUPE_CLOUD_URL: "http://10.0.0.1:9" }),
    ).toEqual({ apiKey: "envkey", cloudURL: "http://10.0.0.1:9" });
    expect(resolveCloudEndpoint({}, { LOUPE_API_KEY: "envkey" }).cloudURL).toBe(DEFAULT_CLOUD_URL);
  });

  it("without a key says to set LOUPE_API_KEY or pass apiKey", () => {
    for (const key of [undefined, "", "  "]) {
      expect(() => resolveCloudEndpoint({ apiKey: key }, {})).toThrow(ClientError);
      expect(() => resolveCloudEndpoint({ apiKey: key }, {})).toThrow(/set LOUPE_API_KEY or pass `apiKey`/);
    }
  });

  it("refuses a cloudURL that is not an http(s) URL, naming it", () => {
    expect(() => resolveCloudEndpoint({ apiKey: "k", cloudURL: "localhost:4455" }, {})).toThrow(
      /cloudURL must be http or https, not "localhost:4455"/,
    );
    expect(() => resolveCloudEndpoint({ apiKey: "k", cloudURL: "not a url" }, {})).toThrow(
      /cloudURL "not a url" is not a URL/,
    );
  });
});

describe("buildCloudRequest", () => {
  it("sends the key as a bearer token and the body as JSON", () => {
    expect(buildCloudRequest(endpoint, "POST", "/v1/sessions", { region: "eu" })).toEqual({
      url: "http://cloud.test:4455/v1/sessions",
      init: {
        method: "POST",
        headers: { authorization: "Bearer lk_secret", "content-type": "application/json" },
        body: '{"region":"eu"}',
      },
    });
  });

  it("sends no body and no content type without a body", () => {
    expect(buildCloudRequest(endpoint, "DELETE", "/v1/sessions/s1")).toEqual({
      url: "http://cloud.test:4455/v1/sessions/s1",
      init: { method: "DELETE", headers: { authorization: "Bearer lk_secret" } },
    });
  });
});

describe("parseCloudAnswer", () => {
  it("returns the JSON of a 2xx (and undefined for an empty one)", () => {
    expect(parseCloudAnswer(endpoint, "x", 200, '{"id":"s1"}')).toEqual({ id: "s1" });
    expect(parseCloudAnswer(endpoint, "x", 204, "")).toBeUndefined();
  });

  it("refuses a 2xx that is not JSON", () => {
    expect(() => parseCloudAnswer(endpoint, "creating a session", 200, "<html>")).toThrow(
      "Loupe Cloud at http://cloud.test:4455 answered creating a session with something that is not JSON: <html>",
    );
  });

  it("turns a 401 into an error naming the server and what to check", () => {
    const body = JSON.stringify({
      statusCode: 401,
      error: "unauthorized",
      message: "The API key is unknown or revoked.",
      id: "req_1",
    });
    let error: unknown;
    try {
      parseCloudAnswer(endpoint, "creating a session", 401, body);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CloudApiError);
    expect(error).toBeInstanceOf(ClientError);
    expect(error).toMatchObject({ status: 401, code: "unauthorized", requestId: "req_1" });
    expect((error as Error).message).toBe(
      "Loupe Cloud at http://cloud.test:4455 refused the API key while creating a session (The API key is " +
        "unknown or revoked.). Check LOUPE_API_KEY (or `apiKey`) is a key of this server, and " +
        "LOUPE_CLOUD_URL (or `cloudURL`) is the server that issued it.",
    );
  });

  it("turns other errors into the service's message with status, code and request id", () => {
    const body = JSON.stringify({
      statusCode: 429,
      error: "rate_limited",
      message: "Too many sessions.",
      id: "req_2",
    });
    expect(() => parseCloudAnswer(endpoint, "creating a session", 429, body)).toThrow(
      "Loupe Cloud at http://cloud.test:4455 failed creating a session (HTTP 429 rate_limited): Too many sessions. [request req_2]",
    );
    expect(() => parseCloudAnswer(endpoint, "ending session s1", 502, "Bad Gateway")).toThrow(
      "Loupe Cloud at http://cloud.test:4455 failed ending session s1 (HTTP 502): Bad Gateway",
    );
  });
});

describe("callCloud", () => {
  let server: Server;
  let url: string;
  const seen: { method?: string; url?: string; authorization?: string; body: string }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        seen.push({ method: req.method, url: req.url, authorization: req.headers.authorization, body });
        res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("sends the request and parses the answer", async () => {
    const answer = await callCloud({ cloudURL: url, apiKey: "k1" }, "x", "POST", "/v1/a", {
      body: { b: 1 },
    });
    expect(answer).toEqual({ ok: true });
    expect(seen.at(-1)).toEqual({
      method: "POST",
      url: "/v1/a",
      authorization: "Bearer k1",
      body: '{"b":1}',
    });
  });

  it("names the cloudURL and how to start one when nothing listens there", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await callCloud(
      { cloudURL: `http://127.0.0.1:${port}`, apiKey: "k" },
      "creating a session",
      "POST",
      "/v1/sessions",
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClientError);
    expect((error as Error).message).toBe(
      `Loupe Cloud at http://127.0.0.1:${port} could not be reached while creating a session (ECONNREFUSED). ` +
        "Start one with `npx loupe cloud serve`, or set LOUPE_CLOUD_URL (or `cloudURL`) to where it runs.",
    );
  });

  it("rejects with the signal's reason when it aborts", async () => {
    const reason = new Error("timed out");
    const error = await callCloud({ cloudURL: url, apiKey: "k" }, "x", "GET", "/v1/a", {
      signal: AbortSignal.abort(reason),
    }).catch((e: unknown) => e);
    expect(error).toBe(reason);
  });
});
