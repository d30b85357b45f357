/**
 * What every whole-system test file starts with: both page origins, the scripted model server, and one
 * `Client` with its own Chromium whose default model is the scripted server (chat completions).
 */
import { Client, type ClientOptions, type LogLine, type ModelObjectConfiguration } from "@loupe/core";
import type { Page } from "playwright-core";
import {
  startModelServer,
  type ModelServer,
  type ModelServerOptions,
  type RecordedModelRequest,
  type ReplyScript,
  type ScriptedReply,
} from "./model-server.js";
import { startPageServers, type PageServers } from "./page-server.js";

/** The API key the scripted server is called with by default. */
export const TEST_API_KEY = "test-key";

export interface Harness {
  client: Client;
  servers: PageServers;
  model: ModelServer;
  /** Every log line the client wrote (its `logger` option). */
  logs: LogLine[];
  /** The client's default model: `openai/x` on the scripted server's chat completions endpoint. */
  chatModel: ModelObjectConfiguration;
  /** The same server through OpenAI's Responses API. */
  responsesModel: ModelObjectConfiguration;
  /** The client's first page. */
  page: Page;
  /** Navigates the first page to `path` on origin A (or a full URL) and waits for it to load. */
  goto(pathOrUrl: string): Promise<Page>;
  close(): Promise<void>;
}

/**
 * Starts the servers and one initialised client. Pass `clientOptions` to override the defaults, and
 * `modelServerOptions` for the scripted model server (a context window, a default reply).
 */
export async function startHarness(
  clientOptions: ClientOptions = {},
  modelServerOptions: ModelServerOptions = {},
): Promise<Harness> {
  const [servers, model] = await Promise.all([startPageServers(), startModelServer(modelServerOptions)]);
  const chatModel = { modelName: "openai/x", baseURL: model.baseURL, apiKey: TEST_API_KEY };
  const responsesModel = { ...chatModel, api: "responses" };
  const logs: LogLine[] = [];
  const client = new Client({
    disablePino: true,
    logger: (line) => logs.push(line),
    model: chatModel,
    ...clientOptions,
  });
  try {
    await client.init();
  } catch (error) {
    await Promise.all([servers.close(), model.close()]);
    throw error;
  }
  const page = client.context.pages()[0];
  if (!page) throw new Error("the client started without a page");
  return {
    client,
    servers,
    model,
    logs,
    chatModel,
    responsesModel,
    page,
    async goto(pathOrUrl) {
      const url = /^https?:/.test(pathOrUrl) ? pathOrUrl : servers.originA + pathOrUrl;
      await page.goto(url, { waitUntil: "load" });
      return page;
    },
    async close() {
      await client.close().catch(() => {});
      await Promise.all([servers.close(), model.close()]);
    },
  };
}

/**
 * The id of the element line whose text after the role is exactly `roleAndName` (e.g. `link: Home`).
 * Throws when the snapshot has no such line, so a test fails at the line that went wrong.
 */
export function idOf(pageText: string, roleAndName: string): string {
  for (const line of pageText.split("\n")) {
    const match = /^\s*\[(\d+-\d+)\] (.*)$/.exec(line);
    if (match?.[2] === roleAndName && match[1]) return match[1];
  }
  throw new Error(`no line "[id] ${roleAndName}" in the snapshot:\n${pageText}`);
}

/**
 * Runs `fn` with environment variables set (a value) or removed (`undefined`), then restores them.
 */
export async function withEnv<T>(vars: Record<string, string | undefined>, fn: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((key) => [key, process.env[key]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
  apply(vars);
  try {
    return await fn();
  } finally {
    apply(saved);
  }
}

/** Settles `promise` and returns what it rejected with; fails when it resolves instead. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  let value: unknown;
  try {
    value = await promise;
  } catch (error) {
    return error;
  }
  throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
}

/**
 * A scripted answer to an `act` call: the model chooses `method` on the element `elementId` (null when no
 * element fits), in the shape act asks for.
 */
export function actReply(
  elementId: string | null,
  method: string | null,
  args: string[] = [],
  description = elementId === null ? "No element fits the instruction." : `${method} on ${elementId}`,
): Extract<ScriptedReply, { json: unknown }> {
  return { json: { elementId, method, arguments: args, description } };
}

/**
 * An act answer for an element whose id is known only when the request comes (after the page changed):
 * the id of the line `roleAndName` in the request's last user message, the freshest snapshot.
 */
export function actReplyOn(roleAndName: string, method: string, args: string[] = []): ReplyScript {
  return (request) => actReply(idOf(lastUserText(request), roleAndName), method, args);
}

/** The text of a recorded request's last user message (for act: the snapshot it was asked about). */
export function lastUserText(request: RecordedModelRequest): string {
  const user = request.messages().filter((m) => m.role === "user");
  const last = user.at(-1);
  if (!last) throw new Error("the request has no user message");
  return last.text;
}
