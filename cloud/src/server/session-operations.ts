import {
  ClientError,
  ExtractTimeoutError,
  MissingLLMConfigurationError,
  SchemaValidationError,
  type ModelConfiguration,
} from "@loupe/core";
import {
  abortOnTimeout,
  beginEngineExtract,
  noModelUsage,
  engineAct,
  type ActResult,
  type EngineUsage,
} from "@loupe/core/engine";
import type { UsageLedger } from "../db/usage.js";
import { extractCacheKey } from "../sessions/cache-key.js";
import type { ExtractCache } from "../sessions/extract-cache.js";
import type { HostedSession } from "../sessions/hosted-session.js";
import type { ActBody, ExtractBody } from "@loupe/core/protocol";
import { checkRequestSchema } from "./request-body.js";
import { ServiceError, serviceError } from "../errors/service-error.js";

/** What server-side extract and act need from the server. */
export interface SessionOperationDependencies {
  model: ModelConfiguration;
  cache: ExtractCache;
  usage: UsageLedger;
}

/** `POST /v1/sessions/:id/extract`'s answer. */
export interface ExtractAnswer {
  result: unknown;
  /** Only for instruction forms with the cache in use. */
  cacheStatus?: "HIT" | "MISS";
  usage: EngineUsage;
}

/**
 * Runs an extraction on a session's page with the server's model. With the cache in use (the default),
 * the page is read and the prompt built first, and its key looked up before any model call: a HIT
 * answers without the model. Page text needs no model and is never cached (reading it is the work).
 */
export async function sessionExtract(
  session: HostedSession,
  body: ExtractBody,
  signal: AbortSignal,
  deps: SessionOperationDependencies,
): Promise<ExtractAnswer> {
  const options = body.options ?? {};
  const useCache = options.serverCache !== false;
  await checkRequestSchema(body.schema, "schema: ");
  return operate(session, "extract", options, signal, deps, async (context) => {
    // The session's redactor: a value an earlier act typed is masked in the prompt, so in the cache key and
    // in the cached result too.
    const started = performance.now();
    const extraction = await beginEngineExtract(
      {
        ...(body.instruction !== undefined ? { instruction: body.instruction } : {}),
        ...(body.schema ? { schema: body.schema } : {}),
        options: {
          ...(options.selector ? { selector: options.selector } : {}),
          ...(options.ignoreSelectors ? { ignoreSelectors: options.ignoreSelectors } : {}),
          ...(options.screenshot ? { screenshot: true } : {}),
          ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
          ...(options.itemKey !== undefined ? { itemKey: options.itemKey } : {}),
        },
      },
      context,
    );
    if (!extraction.needsModel) return { result: extraction.result, usage: noModel(started) };
    if (!useCache) return extraction.answer();

    const key = extractCacheKey({
      promptText: extraction.promptText,
      instruction: body.instruction ?? "",
      jsonSchema: extraction.jsonSchema,
      selector: options.selector,
      ignoreSelectors: options.ignoreSelectors,
      screenshot: extraction.screenshot,
      model: deps.model,
      itemKey: options.itemKey,
    });
    const hit = await deps.cache.get(session.projectId, key);
    if (hit) return { result: hit.result, cacheStatus: "HIT" as const, usage: noModel(started) };
    const answered = await extraction.answer();
    await deps.cache.put(session.projectId, key, answered.result);
    return { ...answered, cacheStatus: "MISS" as const };
  });
}

/**
 * Runs `act` on a session's page with the server's model. Never cached: an action changes the page. Its
 * variables' values join the session's redactor before anything runs, for the rest of the session.
 */
export function sessionAct(
  session: HostedSession,
  body: ActBody,
  signal: AbortSignal,
  deps: SessionOperationDependencies,
): Promise<{ result: ActResult; usage: EngineUsage }> {
  const options = body.options ?? {};
  try {
    session.secrets.remember(options.variables);
  } catch (error) {
    if (error instanceof ClientError)
      throw serviceError("invalid_request", `options.variables: ${error.message}`);
    throw error;
  }
  return operate(session, "act", options, signal, deps, (context) =>
    engineAct(body.instruction, options.variables ? { variables: options.variables } : {}, context),
  );
}

type Context = Parameters<typeof engineAct>[2];

/**
 * What extract and act share: the page to work on, the timeout and the caller hanging up as aborts,
 * the session held busy for the idle timer, usage counted, and core's errors turned into answers.
 *
 * Each call is counted once, with the model tokens it spent: a success's from its answer, a failure's
 * from what the engine reported as its model work ended (`onUsage`), since a run that fails after the
 * model answered — an answer the repair turn could not fit to the schema, an action that failed twice, a
 * timeout between calls — used those tokens all the same.
 */
async function operate<T extends { usage: EngineUsage }>(
  session: HostedSession,
  kind: "extract" | "act",
  options: { timeout?: number; targetId?: string },
  signal: AbortSignal,
  deps: SessionOperationDependencies,
  work: (context: Context) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const abort = () => controller.abort(signal.reason);
  signal.addEventListener("abort", abort, { once: true });
  const cancelTimeout = abortOnTimeout(controller, kind, options.timeout);
  let spent: EngineUsage | undefined;
  try {
    const result = await session.during(async () => {
      const targetId = options.targetId ?? session.engine.defaultTarget();
      const sessions = await session.engine.sessionsFor(targetId);
      return work({
        sessions,
        model: deps.model,
        signal: controller.signal,
        secrets: session.secrets,
        onUsage: (usage) => (spent = usage),
      });
    });
    deps.usage.record(session.projectId, kind, { outcome: "ok", ...tokensOf(result.usage) });
    return result;
  } catch (error) {
    const answer = explain(error, session, options.targetId);
    deps.usage.record(session.projectId, kind, {
      outcome: answer instanceof ServiceError ? answer.code : "error",
      ...(spent ? tokensOf(spent) : {}),
    });
    throw answer;
  } finally {
    cancelTimeout();
    signal.removeEventListener("abort", abort);
  }
}

/** The answer for a failure: a ServiceError for every failure core describes; anything else as is (a 500). */
function explain(error: unknown, session: HostedSession, targetId: string | undefined): unknown {
  if (error instanceof ServiceError) return error;
  // The browser died (or the session was ended) under the call: that, not the symptom, is the answer.
  if (session.endReason || session.engine.closed)
    return new ServiceError(
      409,
      "invalid_request",
      `Session "${session.id}" ended while the call ran (${session.endReason ?? "its browser is gone"}). Create a new session with POST /v1/sessions.`,
    );
  if (error instanceof ExtractTimeoutError) return serviceError("target_timeout", error.message);
  if (error instanceof MissingLLMConfigurationError)
    return new ServiceError(
      503,
      "extraction_failed",
      `This server has no model configured for extract and act: ${error.message}`,
    );
  if (targetId && error instanceof ClientError && error.message.includes(`"${targetId}" is not an open page`))
    return serviceError("invalid_request", `options.targetId: ${error.message}`);
  if (error instanceof SchemaValidationError)
    return new ServiceError(422, "extraction_failed", error.message, {
      issues: error.issues.map((issue) => ({ path: issue.path, message: issue.message })),
      received: error.received,
    });
  if (error instanceof ClientError) return serviceError("extraction_failed", error.message);
  return error;
}

function tokensOf(usage: EngineUsage): { inputTokens: number; outputTokens: number } {
  return { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens };
}

function noModel(started: number): EngineUsage {
  return noModelUsage(Math.round(performance.now() - started));
}
