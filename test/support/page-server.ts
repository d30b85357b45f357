import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import type { AddressInfo } from "node:net";

const FIXTURES = fileURLToPath(new URL("../fixtures/", import.meta.url));

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".png": "image/png",
};

/** A handler for a path the test registers: returns the body (HTML unless `type` says otherwise). */
export type RouteHandler = (
  req: IncomingMessage,
  res: ServerResponse,
) => void | string | { body: string; type?: string; status?: number };

/**
 * The test pages, served on two origins at once: `originA` (http://127.0.0.1:…) and `originB`
 * (http://localhost:…). They are different sites, so Chromium puts a frame of one inside a page of the
 * other in its own process. `{{ORIGIN_A}}` and `{{ORIGIN_B}}` in a fixture are replaced on the way out.
 */
export interface PageServers {
  originA: string;
  originB: string;
  /** Adds a dynamic page on both origins (for generated pages). */
  route(path: string, handler: RouteHandler): void;
  close(): Promise<void>;
}

/** Starts both origins on free loopback ports. */
export async function startPageServers(): Promise<PageServers> {
  const routes = new Map<string, RouteHandler>();
  const origins = { a: "", b: "" };
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    void serve(req, res, routes, origins).catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  };
  const a = createServer(handle);
  const b = createServer(handle);
  const portA = await listen(a, "127.0.0.1");
  const portB = await listen(b, "127.0.0.1");
  origins.a = `http://127.0.0.1:${portA}`;
  origins.b = `http://localhost:${portB}`;
  return {
    originA: origins.a,
    originB: origins.b,
    route: (path, handler) => void routes.set(path, handler),
    close: async () => {
      await Promise.all([a, b].map((s) => new Promise<void>((r) => s.close(() => r()))));
    },
  };
}

async function serve(
  req: IncomingMessage,
  res: ServerResponse,
  routes: Map<string, RouteHandler>,
  origins: { a: string; b: string },
): Promise<void> {
  const url = new URL(req.url ?? "/", "http://x");
  const route = routes.get(url.pathname);
  if (route) {
    const out = await route(req, res);
    if (out === undefined || res.headersSent) return;
    const answer = typeof out === "string" ? { body: out } : out;
    res.writeHead(answer.status ?? 200, { "content-type": answer.type ?? TYPES[".html"] });
    res.end(answer.body);
    return;
  }
  let path = normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, "");
  if (path.endsWith("/")) path += "index.html";
  const file = join(FIXTURES, path);
  if (!file.startsWith(FIXTURES)) {
    res.writeHead(403).end();
    return;
  }
  let body: Buffer;
  try {
    body = await readFile(file);
  } catch {
    res.writeHead(404, { "content-type": TYPES[".html"] }).end("<h1>Not found</h1>");
    return;
  }
  const type = TYPES[extname(file)] ?? "application/octet-stream";
  const out = type.startsWith("text/")
    ? body.toString("utf8").replaceAll("{{ORIGIN_A}}", origins.a).replaceAll("{{ORIGIN_B}}", origins.b)
    : body;
  res.writeHead(200, { "content-type": type });
  res.end(out);
}

function listen(server: Server, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, host, () => resolve((server.address() as AddressInfo).port));
  });
}
