/**
 * A loopback target site for whole-system fetch tests: real HTTP on 127.0.0.1 (and ::1 on the same port)
 * answering the routes a test registers. Nothing here contacts anything but loopback.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { startHttpServer, type LoopbackServer } from "../../cloud/src/fetch/loopback-servers.test.support.js";

/** A route of the target site: writes the whole response itself. */
export type TargetRoute = (request: IncomingMessage, response: ServerResponse) => void;

/** A loopback HTTP site (127.0.0.1 and ::1 on one port) answering the routes a test registers. */
export interface TargetSite extends LoopbackServer {
  /** Adds or replaces the handler of `path` (the path without the query). */
  route(path: string, handler: TargetRoute): void;
  /** Requests received for `path` so far. */
  hits(path: string): number;
}

/** Starts a target site; unknown paths answer 404 "no such route". */
export async function startTargetSite(routes: Record<string, TargetRoute> = {}): Promise<TargetSite> {
  const table = new Map<string, TargetRoute>(Object.entries(routes));
  const hits = new Map<string, number>();
  const server = await startHttpServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0] ?? "/";
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const handler = table.get(path);
    if (handler) handler(request, response);
    else response.writeHead(404, { "content-type": "text/plain" }).end("no such route");
  });
  return Object.assign(server, {
    route: (path: string, handler: TargetRoute) => void table.set(path, handler),
    hits: (path: string) => hits.get(path) ?? 0,
  });
}
