import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import type { AddressInfo } from "node:net";
import { parseRequestTarget } from "../http/request-target.js";

/** The demo shop shipped with the package (core/demo), the same from src/ and from dist/. */
const DEMO_DIR = fileURLToPath(new URL("../../demo/", import.meta.url));

/** A running demo site on loopback. */
export interface DemoServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves the bundled demo page on 127.0.0.1 at a free port, so a first run needs no network and no site
 * of the user's own.
 */
export async function startDemoServer(): Promise<DemoServer> {
  const server = createServer((req, res) => {
    const target = parseRequestTarget(req.url);
    if (!target) return void res.writeHead(400).end();
    const path = normalize(target.pathname).replace(/^(\.\.[/\\])+/, "");
    const file = join(DEMO_DIR, path.endsWith("/") ? `${path}index.html` : path);
    if (!file.startsWith(DEMO_DIR)) return void res.writeHead(403).end();
    readFile(file).then(
      (body) => res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(body),
      () =>
        res
          .writeHead(404, { "content-type": "text/html; charset=utf-8" })
          .end("<h1>Not in the demo shop</h1>"),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
