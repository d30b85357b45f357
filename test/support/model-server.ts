/**
 * A scripted OpenAI-compatible model server on loopback, so tests run the real AI SDK provider code end
 * to end (request building, HTTP, response parsing, aborts) with answers the test chooses.
 *
 * Replies come from a FIFO queue the test fills with `enqueue`; a call nobody scripted gets a loud 500.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import type { AddressInfo } from "node:net";
import {
  chatCompletion,
  chatCompletionEvents,
  openAIErrorBody,
  responsesEvents,
  responsesResponse,
  toSse,
  type WireUsage,
} from "./openai-wire-format.js";
import { recordRequest, type ModelEndpoint, type RecordedModelRequest } from "./recorded-request.js";

export type { PromptMessage, RecordedModelRequest } from "./recorded-request.js";

/** Token counts a reply reports; defaults to {@link DEFAULT_REPLY_USAGE}. */
export type ReplyUsage = WireUsage;

/** What one scripted reply does. */
export type ScriptedReply =
  /** Answers with `JSON.stringify(json)` as the model's text. */
  | { json: unknown; usage?: ReplyUsage; delayMs?: number }
  /** Answers with this text. */
  | { text: string; usage?: ReplyUsage; delayMs?: number }
  /** Never answers; the request's `aborted` turns true when the client gives up. */
  | { hang: true }
  /** Answers with an HTTP error in OpenAI's error format. */
  | { status: number; error: { message: string; type?: string; code?: string }; delayMs?: number };

/** A reply, or a function choosing one from the request (for answers that depend on the prompt). */
export type ReplyScript =
  ScriptedReply | ((request: RecordedModelRequest) => ScriptedReply | Promise<ScriptedReply>);

/** The usage a reply reports when it names none. */
export const DEFAULT_REPLY_USAGE: ReplyUsage = { input: 10, output: 5 };

/** A running scripted model server. */
export interface ModelServer {
  /** `http://127.0.0.1:PORT/v1`, to use as `baseURL`. */
  readonly baseURL: string;
  /** Every request received on a model endpoint, in order (including ones answered 401). */
  readonly requests: readonly RecordedModelRequest[];
  /** How many scripted replies have not been used yet. */
  readonly pendingReplies: number;
  /** Adds replies to the end of the queue. */
  enqueue(...replies: ReplyScript[]): void;
  /** Forgets queued replies and recorded requests. */
  reset(): void;
  /** Cuts open connections (hanging requests included) and stops the server. */
  close(): Promise<void>;
}

const ENDPOINTS: Record<string, ModelEndpoint> = {
  "/v1/chat/completions": "chat",
  "/v1/responses": "responses",
};

/** How a model server behaves beyond its queue. */
export interface ModelServerOptions {
  /**
   * The reply to a call when the queue is empty, for callers that cannot script each call (another
   * language's test suite). Without it such a call gets a loud 500.
   */
  defaultReply?: ReplyScript;
  /**
   * A context window: a request whose prompt (every message's text and the answer's JSON Schema) counts
   * more o200k_base tokens than this is refused with OpenAI's 400 `context_length_exceeded`, as a
   * provider would, before any scripted reply is used.
   */
  maxInputTokens?: number;
}

/** Tokens the server counts for a request: its prompt text and the schema the answer must follow. */
export function requestTokens(request: RecordedModelRequest): number {
  const schema =
    request.body["response_format"] ?? (request.body["text"] as { format?: unknown } | undefined)?.format;
  const none = new Set<string>();
  return (
    countTokens(request.text(), { disallowedSpecial: none }) +
    (schema ? countTokens(JSON.stringify(schema), { disallowedSpecial: none }) : 0)
  );
}

/**
 * Starts a scripted OpenAI-compatible server on a free loopback port, answering `POST /v1/chat/completions`
 * and `POST /v1/responses` (plain JSON, or server-sent events when the request has `stream: true`).
 * Requests without `Authorization: Bearer <key>` get OpenAI's 401, so a missing key shows.
 */
export async function startModelServer(options: ModelServerOptions = {}): Promise<ModelServer> {
  const queue: ReplyScript[] = [];
  const requests: RecordedModelRequest[] = [];
  let closing = false;

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent)
        sendJson(
          res,
          500,
          openAIErrorBody({ message: `model server: ${String(error)}`, type: "server_error" }),
        );
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const path = (req.url ?? "").split("?")[0] ?? "";
    const endpoint = ENDPOINTS[path];
    if (req.method !== "POST" || !endpoint) {
      return sendJson(
        res,
        404,
        openAIErrorBody({ message: `model server: no endpoint ${req.method} ${path}` }),
      );
    }
    let body: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
        throw new Error("not an object");
      body = parsed as Record<string, unknown>;
    } catch {
      return sendJson(
        res,
        400,
        openAIErrorBody({ message: `model server: the body of ${path} is not a JSON object` }),
      );
    }

    const request = recordRequest(endpoint, body, req.headers);
    requests.push(request);
    res.on("close", () => {
      // "close" also follows a normal end; only an unfinished answer means the client gave up.
      if (!res.writableFinished && !closing) request.aborted = true;
    });

    if (!/^Bearer\s+\S+/.test(req.headers.authorization ?? "")) {
      return sendJson(
        res,
        401,
        openAIErrorBody({
          message:
            "You didn't provide an API key. You need to provide your API key in an Authorization header " +
            "using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
          code: "invalid_api_key",
        }),
      );
    }

    if (options.maxInputTokens !== undefined) {
      const tokens = requestTokens(request);
      if (tokens > options.maxInputTokens) {
        return sendJson(
          res,
          400,
          openAIErrorBody({
            message:
              `This model's maximum context length is ${options.maxInputTokens} tokens. However, your messages ` +
              `resulted in ${tokens} tokens. Please reduce the length of the messages.`,
            type: "invalid_request_error",
            code: "context_length_exceeded",
          }),
        );
      }
    }

    const script = queue.shift() ?? options.defaultReply;
    if (!script) {
      const message =
        `model server: no scripted reply left for POST ${path} (request #${requests.length}, ` +
        `model ${JSON.stringify(body["model"])}). The test made a model call it did not enqueue a reply for.`;
      return sendJson(res, 500, openAIErrorBody({ message, type: "server_error" }));
    }
    const reply = typeof script === "function" ? await script(request) : script;

    if ("hang" in reply) return; // The connection stays open until the client or close() cuts it.
    if (reply.delayMs) await delay(reply.delayMs);
    if (request.aborted || res.destroyed) return;
    if ("status" in reply) return sendJson(res, reply.status, openAIErrorBody(reply.error));

    const answer = {
      serial: requests.length,
      model: typeof body["model"] === "string" ? body["model"] : "scripted-model",
      text: "json" in reply ? JSON.stringify(reply.json) : reply.text,
      usage: reply.usage ?? DEFAULT_REPLY_USAGE,
    };
    if (body["stream"] === true) {
      const streamOptions = body["stream_options"] as { include_usage?: boolean } | undefined;
      const events =
        endpoint === "chat"
          ? chatCompletionEvents(answer, streamOptions?.include_usage === true)
          : responsesEvents(answer);
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      res.end(toSse(events));
      return;
    }
    sendJson(res, 200, endpoint === "chat" ? chatCompletion(answer) : responsesResponse(answer));
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    get pendingReplies() {
      return queue.length;
    },
    enqueue: (...replies) => void queue.push(...replies),
    reset() {
      queue.length = 0;
      requests.length = 0;
    },
    close() {
      closing = true;
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
