import { randomUUID } from "node:crypto";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { createLimitedServer, type LocalBrowserOptions, type ModelConfiguration } from "@loupe/core/engine";
import { ApiKeys, type Project } from "../db/api-keys.js";
import { openDatabase } from "../db/database.js";
import { UsageLedger } from "../db/usage.js";
import { DEFAULT_FETCH_POLICY, type FetchPolicy } from "../fetch/index.js";
import { ExtractCache } from "../sessions/extract-cache.js";
import { SessionRegistry } from "../sessions/session-registry.js";
import { ConcurrencyLimit } from "./concurrency-limit.js";
import { CLOUD_HTTP_LIMITS, type CloudHttpLimits } from "./http-limits.js";
import { parseFetchBody } from "./fetch-body.js";
import { retainMarkdownWorkers } from "./markdown-loader.js";
import { runFetch } from "./run-fetch.js";
import { ServiceError, serviceError } from "./service-error.js";
import { registerSessionRoutes } from "./session-routes.js";
import { routeUpgrades } from "./upgrade-requests.js";

/** How to run a Loupe Cloud server. */
export interface CloudServerOptions {
  host?: string;
  /** 0 picks a free port. Default 4455. */
  port?: number;
  /** Where the database lives. */
  dataDir: string;
  /** Allow targets on private, loopback and link-local addresses (never on a public deployment). */
  allowPrivateNetwork?: boolean;
  /** The model for server-side work; default from LOUPE_MODEL, LOUPE_MODEL_BASE_URL, LOUPE_MODEL_API_KEY. */
  model?: ModelConfiguration;
  /** Proxies for `proxies: true`; default from LOUPE_PROXY_URLS (comma-separated). */
  proxyUrls?: string[];
  /** Fetches one project may have in flight at once. Default 4. */
  maxConcurrentFetches?: number;
  /** Replaces parts of the fetch policy (timeouts, caps; tests mark loopback ports public through it). */
  fetchPolicy?: Partial<FetchPolicy>;
  /**
   * Structured request logs (pino JSON lines): `true` on stderr (the default), `false` none, or a stream
   * of your own. They name methods, paths, statuses and times, never a body or a variable's value.
   */
  log?: boolean | { write(line: string): void };
  /** The region this server's sessions run in (one per server). Default "local". */
  region?: string;
  /** Hosted sessions one project may have running at once. Default 3. */
  maxSessionsPerProject?: number;
  /** A session with no API call and no CDP traffic for this long ends. Default 5 minutes. */
  sessionIdleTimeoutMs?: number;
  /** How session browsers are launched (executable, extra switches); default: found like the SDK's. */
  sessionBrowser?: LocalBrowserOptions;
  /** How long a server-side extract result may be served from the cache. Default 24 hours. */
  extractCacheTtlMs?: number;
  /** Replaces some of the bounds on one client (timeouts, header and body sizes); see CLOUD_HTTP_LIMITS. */
  httpLimits?: Partial<CloudHttpLimits>;
}

/** A running server. */
export interface CloudServer {
  url: string;
  port: number;
  keys: ApiKeys;
  usage: UsageLedger;
  /** The hosted sessions (tests and the bench look at their browsers). */
  sessions: SessionRegistry;
  /** Ends every session (`server_shutdown`), stops serving and closes the database. */
  close(): Promise<void>;
}

declare module "fastify" {
  interface FastifyRequest {
    project: Project;
  }
}

/** The model server-side work uses, from the environment (SURFACE §3.1). */
export function modelFromEnv(env: NodeJS.ProcessEnv = process.env): ModelConfiguration {
  const modelName = env["LOUPE_MODEL"] ?? "openai/gpt-4.1-mini";
  const baseURL = env["LOUPE_MODEL_BASE_URL"];
  const apiKey = env["LOUPE_MODEL_API_KEY"];
  return { modelName, ...(baseURL ? { baseURL } : {}), ...(apiKey ? { apiKey } : {}) };
}

/** Starts Loupe Cloud: the HTTP API of SURFACE §3.2 over the database in `dataDir`. */
export async function startCloudServer(options: CloudServerOptions): Promise<CloudServer> {
  const db = openDatabase(options.dataDir);
  const keys = new ApiKeys(db);
  const usage = new UsageLedger(db);
  const sessions = new SessionRegistry(db, usage, {
    region: options.region ?? "local",
    maxPerProject: options.maxSessionsPerProject ?? 3,
    idleTimeoutMs: options.sessionIdleTimeoutMs ?? 5 * 60_000,
    browser: options.sessionBrowser ?? {},
  });
  const cache = new ExtractCache(db, options.extractCacheTtlMs ?? 24 * 60 * 60_000);
  const app = buildApp(keys, usage, options, { sessions, cache });
  routeUpgrades(
    app.server,
    {
      verifyKey: (key) => keys.verify(key),
      runningSession: (projectId, id) => sessions.runningSession(projectId, id),
    },
    app.log,
  );
  try {
    await app.listen({ host: options.host ?? "127.0.0.1", port: options.port ?? 4455 });
  } catch (error) {
    db.close();
    throw error;
  }
  const releaseMarkdownWorkers = retainMarkdownWorkers();
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : (options.port ?? 4455);
  const host = options.host ?? "127.0.0.1";
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    port,
    keys,
    usage,
    sessions,
    close() {
      // Idempotent: a shutdown path that runs twice (a signal during a test's teardown) finds it done.
      closing ??= (async () => {
        // Sessions first: their browsers and proxied sockets would otherwise outlive the server.
        await sessions.closeAll();
        await app.close();
        await releaseMarkdownWorkers();
        usage.flush();
        db.close();
      })();
      return closing;
    },
  };
}

function buildApp(
  keys: ApiKeys,
  usage: UsageLedger,
  options: CloudServerOptions,
  hosted: { sessions: SessionRegistry; cache: ExtractCache },
): FastifyInstance {
  const limits = { ...CLOUD_HTTP_LIMITS, ...options.httpLimits };
  const app = Fastify({
    logger:
      options.log === false
        ? false
        : {
            level: process.env["LOUPE_LOG_LEVEL"] ?? "info",
            stream: typeof options.log === "object" ? options.log : process.stderr,
          },
    genReqId: () => `req_${randomUUID()}`,
    bodyLimit: limits.maxBodyBytes,
    serverFactory: (handler) => createLimitedServer(limits, handler),
    // What the router refuses before any route runs (a path that is not valid percent-encoding), in the
    // API's own error shape.
    frameworkErrors: (error, request, reply) => {
      // Typed against the custom server's generics, which this answer does not use.
      void (reply as FastifyReply).status(400).send({
        statusCode: 400,
        error: "invalid_request",
        message: `The request cannot be routed: ${error.message}.`,
        id: request.id,
      });
    },
  });
  const policy: FetchPolicy = {
    ...DEFAULT_FETCH_POLICY,
    allowPrivateNetwork: options.allowPrivateNetwork === true,
    ...options.fetchPolicy,
  };
  const fetches = new ConcurrencyLimit(options.maxConcurrentFetches ?? 4, "fetches");
  const model = options.model ?? modelFromEnv();
  const proxyUrls =
    options.proxyUrls ??
    (process.env["LOUPE_PROXY_URLS"] ?? "")
      .split(",")
      .map((u) => u.trim())
      .filter(Boolean);

  app.setErrorHandler((error: unknown, request, reply) => {
    const known = toServiceError(error);
    if (known.statusCode >= 500) request.log.error({ err: error }, "request failed");
    void reply.status(known.statusCode).send({
      statusCode: known.statusCode,
      error: known.code,
      message: known.message,
      id: request.id,
      ...known.details,
    });
  });
  app.setNotFoundHandler((request, reply) => {
    void reply.status(404).send({
      statusCode: 404,
      error: "invalid_request",
      message: `There is no ${request.method} ${request.url.split("?")[0]}. See the API: POST /v1/fetch, POST /v1/sessions, GET|DELETE /v1/sessions/:id, POST /v1/sessions/:id/extract, POST /v1/sessions/:id/act, GET /v1/usage, GET /healthz.`,
      id: request.id,
    });
  });

  app.get("/healthz", async () => ({ ok: true }));

  app.register(async (v1) => {
    v1.addHook("onRequest", async (request) => {
      request.project = authenticate(keys, request);
    });

    v1.post("/v1/fetch", async (request, reply) => {
      const body = parseFetchBody(request.body);
      const project = request.project;
      return fetches.run(project.id, async () => {
        // A caller that hangs up stops the work on its behalf (the target download, the model call).
        const controller = new AbortController();
        reply.raw.once("close", () => {
          if (!reply.raw.writableFinished) controller.abort();
        });
        try {
          const { result, bytes } = await runFetch(body, {
            policy,
            proxyUrls,
            model,
            projectId: project.id,
            signal: controller.signal,
          });
          usage.record(project.id, "fetch", { outcome: "ok", bytes });
          return result;
        } catch (error) {
          usage.record(project.id, "fetch", { outcome: toServiceError(error).code });
          throw error;
        }
      });
    });

    registerSessionRoutes(v1, { ...hosted, model, usage });

    v1.get("/v1/usage", async (request) => ({
      project: request.project,
      usage: usage.totals(request.project.id),
    }));
  });
  return app;
}

function authenticate(keys: ApiKeys, request: FastifyRequest): Project {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match?.[1])
    throw serviceError(
      "unauthorized",
      'Missing API key: send "Authorization: Bearer <key>" (create one with `npx loupe cloud keys create --project NAME`).',
    );
  const project = keys.verify(match[1]);
  if (!project) throw serviceError("unauthorized", "The API key is unknown or revoked.");
  return project;
}

function toServiceError(error: unknown): ServiceError {
  if (error instanceof ServiceError) return error;
  const fastifyError = error as { statusCode?: number; code?: string; message?: string };
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    // Fastify's own refusals: a body that is not JSON, too large, a wrong content type.
    return new ServiceError(
      fastifyError.statusCode,
      "invalid_request",
      fastifyError.message ?? "Bad request.",
    );
  }
  return new ServiceError(
    500,
    "extraction_failed",
    "The server failed unexpectedly; the error is in its log under this request id.",
  );
}
