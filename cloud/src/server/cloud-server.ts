import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import { totalmem } from "node:os";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import { createLimitedServer } from "@loupe/core/engine";
import { CLOUD_ROUTES, DEFAULT_CLOUD_PORT, cloudOpenApiDocument } from "@loupe/core/protocol";
import { ApiKeys, type KeyHolder, type Project } from "../db/api-keys.js";
import { openDatabase, type CloudDatabase, type StoreKind } from "../db/database.js";
import { UsageLedger } from "../db/usage.js";
import { serviceError, toServiceError } from "../errors/service-error.js";
import { DEFAULT_FETCH_POLICY, type FetchPolicy } from "../fetch/index.js";
import { InstanceRegistry } from "../instances/instance-registry.js";
import { instanceOrigin, parseInstanceUrl } from "../instances/instance-url.js";
import { ExtractCache } from "../sessions/extract-cache.js";
import { SessionRegistry } from "../sessions/session-registry.js";
import type { CloudServerOptions } from "./cloud-server-options.js";
import { CLOUD_HTTP_LIMITS } from "./http-limits.js";
import { parseFetchBody } from "./fetch-body.js";
import { proxyUrlsFromEnv } from "./local-fetch.js";
import { projectConcurrencyLimit } from "./lease-concurrency-limit.js";
import { retainMarkdownWorkers } from "./markdown-loader.js";
import { modelFromEnv } from "./model-from-env.js";
import { runFetch } from "./run-fetch.js";
import { parsePublicUrl } from "./public-url.js";
import { forwardSessionRequest, upgradeForwarder } from "./session-forwarding.js";
import { registerSessionRoutes } from "./session-routes.js";
import { routeUpgrades } from "./upgrade-requests.js";

export type { CloudServerOptions };

/** A running server. */
export interface CloudServer {
  url: string;
  port: number;
  /** Which database holds the state. */
  store: StoreKind;
  keys: ApiKeys;
  usage: UsageLedger;
  /** The hosted sessions (tests and the bench look at their browsers). */
  sessions: SessionRegistry;
  /** This instance's id in the store (`ins_…`), and the address it registered for the others. */
  instance: { id: string; url: string };
  /** Ends every session (`server_shutdown`), stops serving and closes the database. */
  close(): Promise<void>;
}

declare module "fastify" {
  interface FastifyRequest {
    project: Project;
    /** The key the request was authenticated with. */
    keyHolder: KeyHolder;
  }
}

/** The API's routes, for the answer to a path it does not have. */
const ROUTE_LIST = Object.values(CLOUD_ROUTES)
  .map((route) => `${route.method} ${route.path}`)
  .join(", ");

/** This package's version, the OpenAPI document's. `../../package.json` from src/server and dist/server. */
const CLOUD_VERSION = (createRequire(import.meta.url)("../../package.json") as { version: string }).version;

/**
 * How long a session extract or act without a `timeout` of its own is expected to take, for its lease in
 * a shared store (a longer one keeps its lease by renewing it).
 */
const SESSION_CALL_EXPECTED_MS = 120_000;

/** Memory a session's browser is counted at for the default server-wide session limit. */
const MEMORY_PER_SESSION = 512 * 1024 * 1024;

/** Starts Loupe Cloud: the HTTP API of SURFACE §3.2 over the database in `dataDir`. */
export async function startCloudServer(options: CloudServerOptions): Promise<CloudServer> {
  const publicUrl = options.publicUrl === undefined ? undefined : parsePublicUrl(options.publicUrl);
  const instanceUrl =
    options.instanceUrl === undefined ? undefined : instanceOrigin(parseInstanceUrl(options.instanceUrl));
  const heartbeatMs = options.heartbeatMs ?? 5_000;
  if (!Number.isFinite(heartbeatMs) || heartbeatMs <= 0)
    throw new Error(`heartbeatMs must be a number of milliseconds above 0, not ${heartbeatMs}.`);
  const db = await openDatabase({
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
  });
  // The app (and its log) comes after the parts that report to it; nothing reports before it exists.
  const reporter: { log?: FastifyBaseLogger } = {};
  const storeError = (what: string) => (error: unknown) => reporter.log?.error({ err: error }, what);
  const keys = new ApiKeys(db);
  const usage = new UsageLedger(db, storeError("writing usage failed; it is kept for the next write"));
  const policy: FetchPolicy = {
    ...DEFAULT_FETCH_POLICY,
    allowPrivateNetwork: options.allowPrivateNetwork === true,
    ...options.fetchPolicy,
  };
  const instances = new InstanceRegistry(db, heartbeatMs);
  let sessions: SessionRegistry;
  try {
    sessions = await SessionRegistry.open(
      db,
      usage,
      {
        region: options.region ?? "local",
        maxPerProject: options.maxSessionsPerProject ?? 3,
        maxTotal: options.maxSessions ?? Math.max(1, Math.floor(totalmem() / MEMORY_PER_SESSION)),
        idleTimeoutMs: options.sessionIdleTimeoutMs ?? 5 * 60_000,
        browser: options.sessionBrowser ?? {},
        policy,
      },
      instances,
      storeError("recording a session's end failed"),
    );
  } catch (error) {
    await db.close();
    throw error;
  }
  const cache = new ExtractCache(db, options.extractCacheTtlMs ?? 24 * 60 * 60_000);
  const app = buildApp(keys, usage, options, { sessions, instances, cache, policy, publicUrl, db });
  reporter.log = app.log;
  routeUpgrades(
    app.server,
    {
      verifyKey: (key) => keys.holder(key),
      runningSession: (projectId, id) => sessions.runningSession(projectId, id),
      forward: upgradeForwarder({ sessions, instances }),
    },
    app.log,
  );
  // Keys are revoked by `loupe cloud keys revoke`, another process on the same database: the server
  // looks for revocations of the keys its sessions hang on, and takes their access away.
  let checking = false;
  const revocations = setInterval(() => {
    const inUse = sessions.keyIdsInUse();
    // One look at a time: a slow database does not pile them up.
    if (inUse.length === 0 || checking) return;
    checking = true;
    keys
      .revokedAmong(inUse)
      .then((revoked) => (revoked.length ? sessions.revoke(revoked) : undefined))
      .catch(storeError("checking for revoked keys failed"))
      .finally(() => (checking = false));
  }, options.revocationCheckMs ?? 2_000);
  revocations.unref();
  try {
    // Registered before it listens: a session it creates never names an instance the store lacks (which
    // another instance starting would take for a dead one). Its address is known once it listens.
    await instances.register(instanceUrl ?? "");
    await app.listen({ host: options.host ?? "127.0.0.1", port: options.port ?? DEFAULT_CLOUD_PORT });
  } catch (error) {
    clearInterval(revocations);
    await instances.stop().catch(() => undefined);
    await db.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : (options.port ?? DEFAULT_CLOUD_PORT);
  const host = options.host ?? "127.0.0.1";
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  const registeredUrl = instanceUrl ?? url;
  try {
    if (instanceUrl === undefined) await instances.setUrl(registeredUrl);
  } catch (error) {
    clearInterval(revocations);
    await instances.stop().catch(() => undefined);
    await app.close();
    await db.close();
    throw error;
  }
  if (db.kind === "postgres" && instanceUrl === undefined)
    app.log.warn(
      { instanceUrl: registeredUrl },
      "no instance URL given: other instances on this database forward this one's sessions to the address it listens on; give --instance-url when they run on other machines",
    );
  instances.startHeartbeat({
    onDeclaredDead: async () => {
      app.log.warn(
        "another instance found this one's heartbeat overdue and ended its sessions in the store: ending their browsers",
      );
      await sessions.endAll();
    },
    afterBeat: () => sessions.reconcile(),
    onError: storeError("the heartbeat could not reach the store"),
  });
  const releaseMarkdownWorkers = retainMarkdownWorkers();
  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    store: db.kind,
    keys,
    usage,
    sessions,
    instance: { id: instances.id, url: registeredUrl },
    close() {
      // Idempotent: a shutdown path that runs twice (a signal during a test's teardown) finds it done.
      closing ??= (async () => {
        clearInterval(revocations);
        await instances.stopHeartbeat();
        // Sessions first: their browsers and proxied sockets would otherwise outlive the server.
        await sessions.closeAll();
        // Then the instance, stopped in the store: nobody forwards to it any more.
        await instances.stop().catch(storeError("recording the instance as stopped failed"));
        await app.close();
        await releaseMarkdownWorkers();
        try {
          await usage.flush();
        } finally {
          await db.close();
        }
      })();
      return closing;
    },
  };
}

function buildApp(
  keys: ApiKeys,
  usage: UsageLedger,
  options: CloudServerOptions,
  hosted: {
    sessions: SessionRegistry;
    instances: InstanceRegistry;
    cache: ExtractCache;
    policy: FetchPolicy;
    publicUrl: URL | undefined;
    db: CloudDatabase;
  },
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
  const { policy } = hosted;
  // Counted in the store when instances share it (Postgres), in memory otherwise.
  const onStoreError = (error: unknown, what: string) => app.log.error({ err: error }, what);
  const fetches = projectConcurrencyLimit(hosted.db, {
    limit: options.maxConcurrentFetches ?? 4,
    what: "fetches",
    kind: "fetch",
    holder: hosted.instances.id,
    expectedMs: policy.totalTimeoutMs,
    onStoreError,
  });
  // Server-side extract and act do the same kind of work as a fetch with a schema (a schema to compile,
  // a model call): the same limit per project, counted on their own.
  const sessionCalls = projectConcurrencyLimit(hosted.db, {
    limit: options.maxConcurrentFetches ?? 4,
    what: "session extract/act calls",
    kind: "session-call",
    holder: hosted.instances.id,
    expectedMs: SESSION_CALL_EXPECTED_MS,
    onStoreError,
  });
  const model = options.model ?? modelFromEnv();
  const proxyUrls = options.proxyUrls ?? proxyUrlsFromEnv();

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
      message: `There is no ${request.method} ${request.url.split("?")[0]}. See the API: ${ROUTE_LIST}, GET /openapi.json.`,
      id: request.id,
    });
  });

  // Serving, and the store answering: a load balancer takes an instance whose database is gone out.
  app.get(CLOUD_ROUTES.health.path, async (_request, reply) => {
    const ok = await hosted.db.ping();
    if (!ok) void reply.status(503);
    return { ok, store: hosted.db.kind };
  });
  // Built once: the document follows from the contract, which does not change while the server runs.
  const openApi = cloudOpenApiDocument(CLOUD_VERSION);
  app.get("/openapi.json", async () => openApi);

  app.register(async (v1) => {
    v1.addHook("onRequest", async (request, reply) => {
      request.keyHolder = await authenticate(keys, request);
      request.project = request.keyHolder.project;
      // A session another instance runs: the request goes there, before its body is read here.
      if (await forwardSessionRequest(request, reply, hosted)) return reply;
    });

    v1.post(CLOUD_ROUTES.fetch.path, async (request, reply) => {
      const body = parseFetchBody(request.body);
      const project = request.project;
      return fetches.run(project.id, async () => {
        // A caller that hangs up stops the work on its behalf (the target download, the model call).
        const controller = new AbortController();
        reply.raw.once("close", () => {
          if (!reply.raw.writableFinished) controller.abort();
        });
        // What the model calls cost as they end: a json fetch that fails after them is metered too.
        const spent = { inputTokens: 0, outputTokens: 0 };
        try {
          const { result, ...cost } = await runFetch(body, {
            policy,
            proxyUrls,
            model,
            projectId: project.id,
            signal: controller.signal,
            onModelCall: (call) => {
              spent.inputTokens += call.inputTokens ?? 0;
              spent.outputTokens += call.outputTokens ?? 0;
            },
          });
          usage.record(project.id, "fetch", { outcome: "ok", ...cost });
          return result;
        } catch (error) {
          usage.record(project.id, "fetch", { outcome: toServiceError(error).code, ...spent });
          throw error;
        }
      });
    });

    registerSessionRoutes(v1, {
      sessions: hosted.sessions,
      cache: hosted.cache,
      publicUrl: hosted.publicUrl,
      calls: sessionCalls,
      model,
      usage,
    });

    v1.get(CLOUD_ROUTES.usage.path, async (request) => ({
      project: request.project,
      usage: await usage.totals(request.project.id),
    }));
  });
  return app;
}

async function authenticate(keys: ApiKeys, request: FastifyRequest): Promise<KeyHolder> {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match?.[1])
    throw serviceError(
      "unauthorized",
      'Missing API key: send "Authorization: Bearer <key>" (create one with `npx loupe cloud keys create --project NAME`).',
    );
  const holder = await keys.holder(match[1]);
  if (!holder) throw serviceError("unauthorized", "The API key is unknown or revoked.");
  return holder;
}
