import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import { forwardRequest } from "../instances/forward-request.js";
import { forwardUpgrade } from "../instances/forward-upgrade.js";
import { forwardedBy } from "../instances/forwarded-headers.js";
import { sessionOwner, type SessionOwnerDependencies } from "./session-owner.js";

/** The routes about one session, answered by the instance that runs it. */
const FORWARDED_ROUTES = new Set([
  "GET /v1/sessions/:id",
  "DELETE /v1/sessions/:id",
  "POST /v1/sessions/:id/extract",
  "POST /v1/sessions/:id/act",
]);

/**
 * For the authenticated API's `onRequest`: a request about a session another instance runs is
 * forwarded there and answered with that instance's answer (the route never runs here): answers true
 * then, for the hook to return the reply. Any other request goes on (false). Runs before the body is
 * read, so the body travels as it came.
 */
export async function forwardSessionRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: SessionOwnerDependencies,
): Promise<boolean> {
  const sessionId = (request.params as { id?: unknown } | undefined)?.id;
  if (typeof sessionId !== "string" || !FORWARDED_ROUTES.has(`${request.method} ${request.routeOptions.url}`))
    return false;
  const owner = await sessionOwner(deps, request.project.id, sessionId, forwardedBy(request.headers));
  if (!owner) return false;
  await forwardRequest(request, reply, owner, deps.instances.id);
  return true;
}

/** The CDP proxy's `forward`: a `connectUrl` upgrade of a session another instance runs goes there. */
export function upgradeForwarder(
  deps: SessionOwnerDependencies,
): (
  projectId: string,
  id: string,
  request: IncomingMessage,
  socket: Duplex,
  head: Buffer,
) => Promise<boolean> {
  return async (projectId, id, request, socket, head) => {
    const owner = await sessionOwner(deps, projectId, id, forwardedBy(request.headers));
    if (!owner) return false;
    await forwardUpgrade(request, socket, head, owner, deps.instances.id);
    return true;
  };
}
