import { readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, normalize, sep } from "node:path";
import { decodeUrlPart } from "@loupe/core/engine";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ttf": "font/ttf",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".wasm": "application/wasm",
  ".map": "application/json",
};

/**
 * Serves the built renderer from `root`: GET and HEAD only, nothing outside `root`; a path that is not
 * valid percent-encoding is a 400.
 */
export async function serveStaticFile(
  root: string,
  target: URL,
  request: IncomingMessage,
  response: ServerResponse,
  headers: Record<string, string>,
): Promise<void> {
  if (request.method !== "GET" && request.method !== "HEAD") {
    response.writeHead(405, { allow: "GET, HEAD" }).end();
    return;
  }
  const pathname = decodeUrlPart(target.pathname);
  if (pathname === undefined) {
    response.writeHead(400, { "content-type": "text/plain; charset=utf-8" }).end("Malformed path");
    return;
  }
  const relative = normalize(pathname.endsWith("/") ? `${pathname}index.html` : pathname);
  const file = join(root, relative);
  if (!file.startsWith(root.endsWith(sep) ? root : root + sep)) {
    response.writeHead(403).end();
    return;
  }
  try {
    const body = await readFile(file);
    response.writeHead(200, {
      ...headers,
      "content-type": CONTENT_TYPES[extname(file)] ?? "application/octet-stream",
      "x-content-type-options": "nosniff",
      "cache-control": file.endsWith(".html") ? "no-store" : "max-age=3600",
    });
    response.end(request.method === "HEAD" ? undefined : body);
  } catch {
    response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found");
  }
}
