import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FetchError, FetchValidationError } from "../errors.js";
import { fetch } from "./cloud-fetch.js";

/** A stand-in Loupe Cloud on loopback: answers every request with the next scripted answer. */
let server: Server;
let baseURL: string;
const requests: { url?: string; authorization?: string; body: string }[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      requests.push({ url: req.url, authorization: req.headers.authorization, body });
      res.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => void (requests.length = 0));

const RESULT = {
  id: "ftc_1",
  content: "plain",
  contentType: "text/plain",
  encoding: "utf-8",
  headers: { "x-a": "1" },
  statusCode: 404,
};

describe("cloud.fetch", () => {
  it("posts the body (without apiKey and baseURL) with the key as a bearer token, and returns the answer", async () => {
    answer = { status: 200, body: RESULT };
    const result = await fetch({ apiKey: "lk_1", baseURL, url: "https://example.com/x", format: "raw" });
    expect(result).toEqual(RESULT);
    expect(requests).toEqual([
      {
        url: "/v1/fetch",
        authorization: "Bearer lk_1",
        body: '{"url":"https://example.com/x","format":"raw"}',
      },
    ]);
  });

  it("refuses a bad request before sending anything", async () => {
    await expect(fetch({ apiKey: "k", baseURL, url: "ftp://x/" })).rejects.toThrow(FetchValidationError);
    await expect(fetch({ apiKey: "k", baseURL, url: "https://x/", format: "json" })).rejects.toThrow(
      /schema: is required with format "json"/,
    );
    expect(requests).toEqual([]);
  });

  it("turns the service's error answer into a FetchError with its status, code and request id", async () => {
    answer = {
      status: 403,
      body: { statusCode: 403, error: "blocked_target", message: "Private address.", id: "req_9" },
    };
    const error = await fetch({ apiKey: "k", baseURL, url: "https://example.com/" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchError);
    expect(error).toMatchObject({ status: 403, code: "blocked_target", requestId: "req_9" });
    expect((error as Error).message).toContain("Private address.");
  });

  it("refuses an answer that is not the protocol's fetch result", async () => {
    answer = { status: 200, body: { id: "ftc_2" } };
    const error = await fetch({ apiKey: "k", baseURL, url: "https://example.com/" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchError);
    expect((error as Error).message).toMatch(/with a body this SDK does not understand/);
  });

  it("says where nothing answered and which option sets the address", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await fetch({
      apiKey: "k",
      baseURL: `http://127.0.0.1:${port}`,
      url: "https://example.com/",
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: "target_unreachable" });
    expect((error as Error).message).toMatch(/could not be reached .* set LOUPE_CLOUD_URL \(or `baseURL`\)/);
  });
});
