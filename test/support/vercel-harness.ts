/**
 * Runs a Vercel Node.js function (`(req: VercelRequest, res: VercelResponse) => …`) behind a loopback HTTP
 * server, with the request and response helpers Vercel's runtime adds — reproduced from @vercel/node's
 * own `serverless-functions/helpers.ts` (as shipped in its dev server), so the handler meets the same
 * `req.body`, `req.query`, `req.cookies`, `res.status()`, `res.send()`, `res.json()` and `res.redirect()`:
 *
 * - `req.body` is parsed lazily by Content-Type: `application/json` → the parsed value (`{}` when empty;
 *   reading it throws a 400 "Invalid JSON" when it does not parse), `application/x-www-form-urlencoded`
 *   → an object, `text/plain` → a string, `application/octet-stream` → a Buffer, anything else →
 *   undefined. A request without Content-Type reads as an empty text body (`""`); GET and HEAD bodies are
 *   never read.
 * - `req.query` from the URL's search parameters (a repeated name gives an array); `req.cookies` from the
 *   Cookie header (the first of a repeated name wins).
 * - `res.send(body)`: an object is sent as JSON, a string as `text/html` unless a type was set, a Buffer
 *   as `application/octet-stream`, null as an empty body; the charset is set to utf-8 for text and
 *   Content-Length is set. 204 and 304 drop the body. `res.json()` sets `application/json; charset=utf-8`.
 *
 * Left out: the weak ETag Vercel adds (no handler here reads it). A handler that throws gets Vercel's 500
 * `FUNCTION_INVOCATION_FAILED` text, or the status of the body parser's error.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { parse as parseQueryString } from "node:querystring";
import type { VercelRequest, VercelResponse } from "@vercel/node";

/** A Vercel Node.js function. */
export type VercelHandler = (req: VercelRequest, res: VercelResponse) => unknown;

/** The function behind a loopback URL. */
export interface VercelHarness {
  /** `http://127.0.0.1:PORT`; every path reaches the function, as `/api/run` does on Vercel. */
  url: string;
  close(): Promise<void>;
}

/** The error Vercel's body parser throws; its status is what the caller gets when nothing catches it. */
class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** Serves `handler` on a free loopback port. */
export async function startVercelHarness(handler: VercelHandler): Promise<VercelHarness> {
  const server = createServer((req, res) => {
    void invoke(handler, req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function invoke(handler: VercelHandler, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const { request, response } = await addHelpers(req, res);
    await handler(request, response);
  } catch (error) {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (error instanceof ApiError) {
      res.writeHead(error.statusCode, { "content-type": "text/plain; charset=utf-8" }).end(error.message);
      return;
    }
    res
      .writeHead(500, { "content-type": "text/plain; charset=utf-8" })
      .end("A server error has occurred\n\nFUNCTION_INVOCATION_FAILED\n");
  }
}

async function addHelpers(
  req: IncomingMessage,
  res: ServerResponse,
): Promise<{ request: VercelRequest; response: VercelResponse }> {
  const request = req as VercelRequest;
  const response = res as VercelResponse;
  setLazyProp(request, "cookies", () => parseCookies(req.headers.cookie));
  setLazyProp(request, "query", () => parseQuery(req.url ?? "/"));
  const contentType = req.headers["content-type"];
  const body = contentType === undefined ? Buffer.alloc(0) : await readBody(req);
  setLazyProp(request, "body", () => parseBody(body, contentType));
  response.status = (statusCode) => {
    res.statusCode = statusCode;
    return response;
  };
  response.redirect = (statusOrUrl, url) => {
    const [status, location] = typeof statusOrUrl === "string" ? [307, statusOrUrl] : [statusOrUrl, url];
    if (typeof location !== "string") throw new Error("Invalid redirect arguments.");
    res.writeHead(status, { Location: location }).end();
    return response;
  };
  response.send = (value: unknown) => send(req, response, value);
  response.json = (value: unknown) => sendJson(req, response, value);
  return { request, response };
}

/** Like Vercel: a property computed on first read, and replaceable by assignment. */
function setLazyProp(target: object, prop: string, getter: () => unknown): void {
  const options = { configurable: true, enumerable: true };
  Object.defineProperty(target, prop, {
    ...options,
    get: () => {
      const value = getter();
      Object.defineProperty(target, prop, { ...options, writable: true, value });
      return value;
    },
    set: (value: unknown) => {
      Object.defineProperty(target, prop, { ...options, writable: true, value });
    },
  });
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  if (req.method === "GET" || req.method === "HEAD") return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function mediaType(contentType: string | undefined): string {
  if (!contentType) return "text/plain";
  return (contentType.split(";")[0] ?? "").trim().toLowerCase();
}

function parseBody(body: Buffer, contentType: string | undefined): unknown {
  const type = mediaType(contentType);
  if (type === "application/json") {
    const text = body.toString();
    try {
      return text ? (JSON.parse(text) as unknown) : {};
    } catch {
      throw new ApiError(400, "Invalid JSON");
    }
  }
  if (type === "application/octet-stream") return body;
  if (type === "application/x-www-form-urlencoded") return { ...parseQueryString(body.toString()) };
  if (type === "text/plain") return body.toString();
  return undefined;
}

function parseQuery(url: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  new URL(url, "http://localhost").searchParams.forEach((value, key) => {
    const existing = query[key];
    query[key] =
      existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
  });
  return query;
}

function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const pair of (header ?? "").split(";")) {
    const eq = pair.indexOf("=");
    if (eq < 0) continue;
    const name = pair.slice(0, eq).trim();
    let value = pair.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    if (!name || name in cookies) continue;
    try {
      cookies[name] = decodeURIComponent(value);
    } catch {
      cookies[name] = value;
    }
  }
  return cookies;
}

function sendJson(req: IncomingMessage, res: VercelResponse, value: unknown): VercelResponse {
  if (!res.getHeader("content-type")) res.setHeader("content-type", "application/json; charset=utf-8");
  return send(req, res, JSON.stringify(value));
}

function send(req: IncomingMessage, res: VercelResponse, value: unknown): VercelResponse {
  let chunk: string | Buffer;
  if (typeof value === "string") {
    if (!res.getHeader("content-type")) res.setHeader("content-type", "text/html");
    chunk = value;
  } else if (value === null || value === undefined) {
    chunk = "";
  } else if (Buffer.isBuffer(value)) {
    if (!res.getHeader("content-type")) res.setHeader("content-type", "application/octet-stream");
    chunk = value;
  } else if (typeof value === "object" || typeof value === "boolean" || typeof value === "number") {
    // Vercel sends booleans and numbers as JSON too (its `send` switches them to `json`).
    return sendJson(req, res, value);
  } else {
    throw new Error("`body` is not a valid string, object, boolean, number, Stream, or Buffer");
  }
  if (typeof chunk === "string") {
    const type = res.getHeader("content-type");
    if (typeof type === "string") res.setHeader("content-type", withUtf8Charset(type));
  }
  res.setHeader("content-length", typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.length);
  if (res.statusCode === 204 || res.statusCode === 304) {
    res.removeHeader("Content-Type");
    res.removeHeader("Content-Length");
    res.removeHeader("Transfer-Encoding");
    chunk = "";
  }
  if (req.method === "HEAD") res.end();
  else res.end(chunk);
  return res;
}

function withUtf8Charset(type: string): string {
  const [media, ...parameters] = type.split(";").map((part) => part.trim());
  const kept = parameters.filter((p) => p && !/^charset=/i.test(p));
  return [media, ...kept, "charset=utf-8"].join("; ");
}
