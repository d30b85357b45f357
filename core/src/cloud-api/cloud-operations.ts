import type { z } from "zod";
import type { ActOptions } from "../act/act-arguments.js";
import type { ActResult } from "../act/run-act.js";
import { ExtractTimeoutError, SchemaValidationError, type SchemaIssue } from "../errors.js";
import type { ExtractCall } from "../extract/extract-arguments.js";
import { CLOUD_ROUTES } from "../protocol/index.js";
import { CloudApiError, callRoute, type CloudEndpoint } from "./cloud-http.js";
import { buildActRequest, buildExtractRequest, finishExtract } from "./cloud-messages.js";
import type { MetricsRecorder, OperationName } from "../client/metrics.js";

/** What the operations of one hosted session need. */
export interface CloudOperationsContext {
  endpoint: CloudEndpoint;
  sessionId: string;
  metrics: MetricsRecorder;
  /** The client's `serverCache`; a call's own option wins. */
  serverCache: boolean;
}

/**
 * Runs an extract on the service, on the page `targetId` of the session.
 * @throws as `finishExtract`; SchemaValidationError when the server's answer missed the schema after its
 *   repair turn; `CloudApiError` for another error answer; ExtractTimeoutError when the service
 *   reports the call's `timeout` passed, and `signal.reason` when the signal aborts.
 */
export async function cloudExtract(
  context: CloudOperationsContext,
  call: ExtractCall,
  targetId: string,
  signal: AbortSignal,
): Promise<unknown> {
  const request = await buildExtractRequest(call, targetId, call.options.serverCache ?? context.serverCache);
  const answer = await send(context, "extract", request.body, call.options.timeout, signal);
  return finishExtract(call, request.schema, answer);
}

/**
 * Runs an act on the service, on the page `targetId` of the session.
 * @throws CloudApiError for an error answer (the service's message names the element and the reason),
 *   ExtractTimeoutError past `timeout`, `signal.reason` when the signal aborts.
 */
export async function cloudAct(
  context: CloudOperationsContext,
  instruction: string,
  options: ActOptions,
  targetId: string,
  signal: AbortSignal,
): Promise<ActResult> {
  const body = buildActRequest(instruction, options, targetId);
  const answer = await send(context, "act", body, options.timeout, signal);
  return answer.result as ActResult;
}

async function send<O extends OperationName>(
  context: CloudOperationsContext,
  operation: O,
  body: unknown,
  timeout: number | undefined,
  signal: AbortSignal,
): Promise<z.infer<(typeof CLOUD_ROUTES)[O]["answer"]>> {
  let answer: z.infer<(typeof CLOUD_ROUTES)[O]["answer"]>;
  try {
    answer = await callRoute(context.endpoint, `running ${operation}()`, CLOUD_ROUTES[operation], {
      id: context.sessionId,
      body,
      signal,
    });
  } catch (error) {
    // The service ran out of the call's time before this side's timer fired: the same failure.
    if (timeout !== undefined && error instanceof CloudApiError && error.code === "target_timeout")
      throw Object.assign(new ExtractTimeoutError(operation, timeout), { cause: error });
    // The server's answer missed the schema after its repair turn: the same error a local extract throws.
    const missed = error instanceof CloudApiError ? schemaMiss(error) : undefined;
    if (missed) throw Object.assign(missed, { cause: error });
    throw error;
  }
  context.metrics.recordServerUsage(operation, answer.usage);
  return answer;
}

/** A `SchemaValidationError` from an `extraction_failed` answer that carries the issues and the value. */
function schemaMiss(error: CloudApiError): SchemaValidationError | undefined {
  const { issues, received } = error.body;
  if (error.code !== "extraction_failed" || !Array.isArray(issues)) return undefined;
  const valid = issues.filter(
    (issue): issue is SchemaIssue =>
      typeof issue === "object" &&
      issue !== null &&
      Array.isArray((issue as SchemaIssue).path) &&
      typeof (issue as SchemaIssue).message === "string",
  );
  return valid.length ? new SchemaValidationError(valid, received) : undefined;
}
