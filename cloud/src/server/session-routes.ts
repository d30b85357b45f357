import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { SessionRegistry } from "../sessions/session-registry.js";
import type { SessionState } from "../sessions/session-state.js";
import type { ConcurrencyLimit } from "./concurrency-limit.js";
import { actBodySchema, createSessionBodySchema, extractBodySchema } from "@loupe/core/protocol";
import { FORWARDED_BY, FORWARDED_PROTO } from "../instances/forwarded-headers.js";
import { parseBody } from "./request-body.js";
import { sessionAct, sessionExtract, type SessionOperationDependencies } from "./session-operations.js";

/** The session routes need a registry and what extract and act need. */
export interface SessionRouteDependencies extends SessionOperationDependencies {
  sessions: SessionRegistry;
  /** Server-side extract and act calls a project may have in flight at once. */
  calls: ConcurrencyLimit;
  /** The address clients reach the server by, when the server was told it (`--public-url`). */
  publicUrl: URL | undefined;
}

/**
 * Registers the hosted-session API of SURFACE §3.2 on the authenticated `/v1` scope: create, state, end,
 * extract, act. The CDP websocket of `connectUrl` is an HTTP upgrade, handled by `handleCdpUpgrade`.
 */
export function registerSessionRoutes(v1: FastifyInstance, deps: SessionRouteDependencies): void {
  const { sessions, calls, publicUrl } = deps;
  const connectable = (state: SessionState, request: FastifyRequest) =>
    withConnectUrl(state, request, publicUrl);

  v1.post("/v1/sessions", async (request) => {
    const body = parseBody(createSessionBodySchema, request.body, "POST /v1/sessions");
    const state = await sessions.create(request.keyHolder, {
      ...(body.region ? { region: body.region } : {}),
      blockAds: body.browserSettings?.blockAds === true,
    });
    const { id, connectUrl, region, createdAt } = connectable(state, request);
    return { id, connectUrl, region, createdAt };
  });

  v1.get<{ Params: { id: string } }>("/v1/sessions/:id", async (request) =>
    connectable(await sessions.state(request.project.id, request.params.id), request),
  );

  v1.delete<{ Params: { id: string } }>("/v1/sessions/:id", async (request) =>
    connectable(await sessions.end(request.project.id, request.params.id), request),
  );

  v1.post<{ Params: { id: string } }>("/v1/sessions/:id/extract", async (request, reply) => {
    const body = parseBody(extractBodySchema, request.body, "POST /v1/sessions/:id/extract");
    const session = await sessions.runningSession(request.project.id, request.params.id);
    return calls.run(
      request.project.id,
      () => sessionExtract(session, body, hangUpSignal(reply), deps),
      expectedTime(body.options?.timeout),
    );
  });

  v1.post<{ Params: { id: string } }>("/v1/sessions/:id/act", async (request, reply) => {
    const body = parseBody(actBodySchema, request.body, "POST /v1/sessions/:id/act");
    const session = await sessions.runningSession(request.project.id, request.params.id);
    return calls.run(
      request.project.id,
      () => sessionAct(session, body, hangUpSignal(reply), deps),
      expectedTime(body.options?.timeout),
    );
  });
}

/**
 * The session's state with its `connectUrl`: on the server's public URL when it was given one (behind a
 * TLS-terminating proxy the server itself sees plain HTTP, and the key must not travel over `ws://`),
 * else on the host the caller reached the server by, so it works through whatever name or port mapping
 * the caller used.
 */
function withConnectUrl(
  state: SessionState,
  request: FastifyRequest,
  publicUrl: URL | undefined,
): SessionState & { connectUrl: string } {
  const path = `v1/sessions/${encodeURIComponent(state.id)}/connect`;
  let connectUrl: string;
  if (publicUrl) {
    const base = new URL(publicUrl.href.endsWith("/") ? publicUrl.href : `${publicUrl.href}/`);
    base.protocol = publicUrl.protocol === "https:" ? "wss:" : "ws:";
    connectUrl = new URL(path, base).href;
  } else {
    // A request another instance forwarded carries the scheme its caller used (the Host is the caller's).
    const proto = request.headers[FORWARDED_BY] ? request.headers[FORWARDED_PROTO] : undefined;
    const secure = proto === "https" || proto === "http" ? proto === "https" : request.protocol === "https";
    connectUrl = `${secure ? "wss" : "ws"}://${request.host}/${path}`;
  }
  const { id, region, createdAt, ...rest } = state;
  return {
    id,
    connectUrl,
    region,
    createdAt,
    ...rest,
  };
}

/** Aborts when the caller hangs up before the answer is written: the work on its behalf stops. */
function hangUpSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished) controller.abort(new Error("the caller hung up"));
  });
  return controller.signal;
}

/** A call's own timeout, when it gave one, is the longest it takes (its lease in a shared store lasts that long). */
function expectedTime(timeout: number | undefined): { expectedMs?: number } {
  return timeout === undefined ? {} : { expectedMs: timeout };
}
