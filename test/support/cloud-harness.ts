/**
 * What every Loupe Cloud whole-system test starts with: a real server (`startCloudServer`) on loopback in
 * a temporary data directory with one API key, a loopback target site whose routes the test registers,
 * and, for `format: "json"`, the scripted model server as the server's model. Calls go through the SDK
 * (`cloud.fetch`) or as raw HTTP to the API. Nothing here contacts anything but 127.0.0.1 and ::1.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startCloudServer, type CloudServer, type CloudServerOptions, type UsageTotals } from "@loupe/cloud";
import { cloud, FetchError, type FetchErrorCode, type FetchRequest, type FetchResult } from "@loupe/core";
import { expect } from "vitest";
import { startModelServer, type ModelServer } from "./model-server.js";
import { createTestDatabase, type TestDatabase } from "./postgres-cluster.js";
import { startTargetSite, type TargetRoute, type TargetSite } from "./target-site.js";

export {
  LOCALHOST_TLS,
  startConnectProxy,
  startHttpServer,
  startHttpsServer,
  startTcpServer,
  type ConnectProxy,
  type LoopbackServer,
} from "../../cloud/src/fetch/loopback-servers.test.support.js";
export { startTargetSite, type TargetRoute, type TargetSite } from "./target-site.js";

/** An answer of the HTTP API, as raw HTTP sees it. */
export interface ApiAnswer {
  status: number;
  headers: Headers;
  /** The parsed JSON body (undefined when it is not JSON). */
  json: Record<string, unknown> | undefined;
  text: string;
}

/** A fetch request as the harness takes it: key and base URL default to the harness's. */
export type HarnessFetchRequest = Omit<FetchRequest, "apiKey" | "baseURL"> & { apiKey?: string };

export interface CloudHarness {
  server: CloudServer;
  /** The server's data directory (a fresh temporary one). */
  dataDir: string;
  /**
   * The server's Postgres database (a fresh one) when the suite runs with LOUPE_TEST_DATABASE=postgres;
   * undefined on SQLite (the default), whose file is in `dataDir`.
   */
  databaseUrl: string | undefined;
  /** `loupe cloud` flags naming this server's store: `--database URL` or `--data-dir DIR`. */
  storeArgs: string[];
  /** A key of project "test". */
  apiKey: string;
  /** The target site (private network is allowed unless the options say otherwise). */
  target: TargetSite;
  /** The scripted model server the cloud's model points at, when started with `model: true`. */
  model: ModelServer | undefined;
  /** `cloud.fetch()` through the SDK against this server. */
  fetch(request: HarnessFetchRequest): Promise<FetchResult>;
  /** Raw HTTP to the API; `apiKey: null` sends no Authorization header. */
  api(
    method: string,
    path: string,
    options?: { body?: unknown; rawBody?: string; apiKey?: string | null; contentType?: string },
  ): Promise<ApiAnswer>;
  /** `GET /v1/usage`'s fetch totals for a key (default the harness's). */
  fetchUsage(apiKey?: string): Promise<UsageTotals | undefined>;
  close(): Promise<void>;
}

export interface CloudHarnessOptions {
  /** Server options beyond port, data directory and logging. Default: private network allowed. */
  server?: Partial<Omit<CloudServerOptions, "dataDir" | "port">>;
  /** Start the scripted model server and give it to the cloud as its model. */
  model?: boolean;
  /**
   * With `model`: the model server refuses prompts over this many tokens, and the cloud's model is
   * `openai/gpt-4.1-mini` (counted in o200k) with this as its `maxInputTokens`.
   */
  modelWindow?: number;
  /** The target site's first routes. */
  routes?: Record<string, TargetRoute>;
}

/** Starts a cloud server with a key, a target site and (optionally) the model server. */
export async function startCloudHarness(options: CloudHarnessOptions = {}): Promise<CloudHarness> {
  const dataDir = await mkdtemp(join(tmpdir(), "loupe-cloud-test-"));
  const [target, model] = await Promise.all([
    startTargetSite(options.routes),
    options.model
      ? startModelServer(options.modelWindow ? { maxInputTokens: options.modelWindow } : {})
      : Promise.resolve(undefined),
  ]);
  let server: CloudServer;
  let database: TestDatabase | undefined;
  try {
    database = await createTestDatabase();
    server = await startCloudServer({
      port: 0,
      dataDir,
      ...(database ? { databaseUrl: database.url } : {}),
      log: false,
      allowPrivateNetwork: true,
      proxyUrls: [],
      ...(model
        ? {
            model: options.modelWindow
              ? {
                  modelName: "openai/gpt-4.1-mini",
                  baseURL: model.baseURL,
                  apiKey: "k",
                  maxInputTokens: options.modelWindow,
                }
              : { modelName: "openai/x", baseURL: model.baseURL, apiKey: "k" },
          }
        : {}),
      ...options.server,
    });
  } catch (error) {
    await Promise.all([target.close(), model?.close(), database?.drop()]);
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const { key: apiKey } = await server.keys.createKey("test");

  const api: CloudHarness["api"] = async (
    method,
    path,
    { body, rawBody, apiKey: key = apiKey, contentType } = {},
  ) => {
    const headers: Record<string, string> = {};
    if (key !== null) headers["authorization"] = `Bearer ${key}`;
    const payload = rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
    if (payload !== undefined) headers["content-type"] = contentType ?? "application/json";
    const response = await globalThis.fetch(`${server.url}${path}`, { method, headers, body: payload });
    const text = await response.text();
    let json: Record<string, unknown> | undefined;
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, json, text };
  };

  return {
    server,
    dataDir,
    databaseUrl: database?.url,
    storeArgs: database ? ["--database", database.url] : ["--data-dir", dataDir],
    apiKey,
    target,
    model,
    fetch: (request) => cloud.fetch({ apiKey, ...request, baseURL: server.url }),
    api,
    async fetchUsage(key = apiKey) {
      const answer = await api("GET", "/v1/usage", { apiKey: key });
      expect(answer.status).toBe(200);
      const usage = answer.json?.["usage"] as Record<string, UsageTotals>;
      return usage["fetch"];
    },
    async close() {
      await server.close();
      await Promise.all([target.close(), model?.close(), database?.drop()]);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Asserts that `promise` rejects with a FetchError of `code` (and `status` when given), and returns it. */
export async function expectFetchError(
  promise: Promise<unknown>,
  code: FetchErrorCode,
  status?: number,
): Promise<FetchError> {
  const error = await promise.then(
    (value: unknown) => {
      throw new Error(`expected FetchError ${code}, got a result: ${JSON.stringify(value).slice(0, 300)}`);
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(FetchError);
  const fetchError = error as FetchError;
  expect({ code: fetchError.code, message: fetchError.message }).toMatchObject({ code });
  if (status !== undefined) expect(fetchError.status).toBe(status);
  return fetchError;
}

/** Asserts the API's error body shape: `{ statusCode, error, message, id }`. */
export function expectErrorBody(answer: ApiAnswer, status: number, code: FetchErrorCode): void {
  expect({ status: answer.status, body: answer.json }).toMatchObject({
    status,
    body: { statusCode: status, error: code, message: expect.any(String), id: expect.any(String) },
  });
  expect(Object.keys(answer.json ?? {}).sort()).toEqual(["error", "id", "message", "statusCode"]);
}
