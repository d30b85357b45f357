/**
 * The Vercel harness itself: the request and response helpers a function gets behave as Vercel's
 * runtime documents them, so the serverless tests exercise the function as Vercel would run it.
 */
import type { VercelRequest, VercelResponse } from "@vercel/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startVercelHarness, type VercelHarness } from "./support/vercel-harness.js";

let fn: VercelHarness;
/** What the function saw of the last request. */
let seen: { body?: unknown; bodyError?: string; query?: unknown; cookies?: unknown };

beforeAll(async () => {
  fn = await startVercelHarness((req: VercelRequest, res: VercelResponse) => {
    seen = { query: req.query, cookies: req.cookies };
    try {
      seen.body = req.body;
    } catch (error) {
      seen.bodyError = (error as Error).message;
    }
    const reply = req.query["reply"];
    if (reply === "text") res.status(201).send("<p>hi</p>");
    else if (reply === "buffer") res.send(Buffer.from([1, 2, 3]));
    else if (reply === "empty") res.status(204).send("gone");
    else if (reply === "redirect") res.redirect("/elsewhere");
    else if (reply === "throw") throw new Error("boom");
    else res.json({ ok: true });
  });
});

afterAll(() => fn?.close());

async function send(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${fn.url}${path}`, { redirect: "manual", ...init });
}

describe("req", () => {
  it("body follows Content-Type: JSON, form, text, bytes, or undefined", async () => {
    const cases: [string | undefined, string, unknown][] = [
      ["application/json; charset=utf-8", '{"a":[1]}', { a: [1] }],
      ["application/json", "", {}],
      ["application/x-www-form-urlencoded", "a=1&b=2&b=3", { a: "1", b: ["2", "3"] }],
      ["text/plain", "hello", "hello"],
      ["application/xml", "<a/>", undefined],
    ];
    for (const [type, body, expected] of cases) {
      await send("/api/run", { method: "POST", body, headers: type ? { "content-type": type } : {} });
      expect(seen.body).toEqual(expected);
    }
    await send("/api/run", {
      method: "POST",
      body: new Uint8Array([9, 8]),
      headers: { "content-type": "application/octet-stream" },
    });
    expect(Buffer.isBuffer(seen.body) && [...(seen.body as Buffer)]).toEqual([9, 8]);
  });

  it("reading a JSON body that does not parse throws Vercel's 400 Invalid JSON", async () => {
    await send("/api/run", { method: "POST", body: "{x", headers: { "content-type": "application/json" } });
    expect(seen.bodyError).toBe("Invalid JSON");
  });

  it("a GET without Content-Type has an empty text body; query and cookies are parsed", async () => {
    await send("/api/run?x=1&y=2&y=3", { headers: { cookie: "a=1; b=hello%20world; a=2" } });
    expect(seen).toEqual({
      body: "",
      query: { x: "1", y: ["2", "3"] },
      cookies: { a: "1", b: "hello world" },
    });
  });
});

describe("res", () => {
  it("json() sends JSON with its type and length", async () => {
    const response = await send("/api/run");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("content-length")).toBe("11");
    expect(await response.json()).toEqual({ ok: true });
  });

  it("status() then send() of a string is text/html in utf-8", async () => {
    const response = await send("/api/run?reply=text");
    expect(response.status).toBe(201);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await response.text()).toBe("<p>hi</p>");
  });

  it("send() of a Buffer is application/octet-stream; 204 drops the body", async () => {
    const bytes = await send("/api/run?reply=buffer");
    expect(bytes.headers.get("content-type")).toBe("application/octet-stream");
    expect([...new Uint8Array(await bytes.arrayBuffer())]).toEqual([1, 2, 3]);
    const empty = await send("/api/run?reply=empty");
    expect(empty.status).toBe(204);
    expect(await empty.text()).toBe("");
  });

  it("redirect(url) is a 307 to it", async () => {
    const response = await send("/api/run?reply=redirect");
    expect(response.status).toBe(307);
    expect(response.headers.get("location")).toBe("/elsewhere");
  });

  it("a function that throws gets Vercel's 500 FUNCTION_INVOCATION_FAILED", async () => {
    const response = await send("/api/run?reply=throw");
    expect(response.status).toBe(500);
    expect(await response.text()).toContain("FUNCTION_INVOCATION_FAILED");
  });
});
