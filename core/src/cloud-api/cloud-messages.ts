/**
 * The messages of a hosted session's extract and act: the request bodies built from a parsed call, and
 * the service's answers checked and turned into what LOCAL returns for the same call. No I/O here.
 */
import type { z } from "zod";
import type { ActOptions } from "../act/act-arguments.js";
import type {
  actBodySchema,
  extractAnswerSchema,
  extractBodySchema,
  extractOptionsSchema,
} from "../protocol/index.js";
import { ClientError, SchemaValidationError } from "../errors.js";
import type { ExtractCall } from "../extract/extract-arguments.js";
import { normalizeSchema, type NormalizedSchema } from "../extract/schema/index.js";
import type { OperationName } from "../client/metrics.js";

/** Whether Loupe Cloud answered an extract from its result cache. */
export type CacheStatus = "HIT" | "MISS";

/** A checked answer of `POST /v1/sessions/:id/extract` (act's has no `cacheStatus`). */
export type ServerAnswer = z.infer<typeof extractAnswerSchema>;

/** An extract request for the service, and the caller's schema to validate its answer with. */
export interface CloudExtractRequest {
  body: z.input<typeof extractBodySchema>;
  schema: NormalizedSchema | undefined;
}

/**
 * Builds the body of `POST /v1/sessions/:id/extract` from a parsed call: the instruction, the schema as
 * JSON Schema, and the options the service applies to the page `targetId`.
 * @throws ClientError for a per-call `model` (the service's model answers in CLOUD) or a schema Loupe
 *   cannot read — before anything is sent.
 */
export async function buildExtractRequest(
  call: ExtractCall,
  targetId: string,
  serverCache: boolean,
): Promise<CloudExtractRequest> {
  rejectModelOption(call.options.model, "extract");
  const schema = call.form === "schema" ? await normalizeSchema(call.schema) : undefined;
  const { selector, ignoreSelectors, timeout, screenshot, concurrency, itemKey } = call.options;
  const options: z.input<typeof extractOptionsSchema> = { serverCache, targetId };
  if (selector !== undefined) options.selector = selector;
  if (ignoreSelectors !== undefined) options.ignoreSelectors = ignoreSelectors;
  if (timeout !== undefined) options.timeout = timeout;
  if (screenshot !== undefined) options.screenshot = screenshot;
  // A long page is split on the service, by its model's budget; these say how to run and merge the parts.
  if (concurrency !== undefined) options.concurrency = concurrency;
  if (itemKey !== undefined) options.itemKey = itemKey;
  const body: z.input<typeof extractBodySchema> = { options };
  if (call.form !== "page-text") body.instruction = call.instruction;
  if (schema) body.schema = schema.jsonSchema;
  return { body, schema };
}

/**
 * Builds the body of `POST /v1/sessions/:id/act`. Variables travel to the service, which fills the
 * `%name%` placeholders after its model has answered, as LOCAL does.
 * @throws ClientError for a per-call `model`.
 */
export function buildActRequest(
  instruction: string,
  options: ActOptions,
  targetId: string,
): z.input<typeof actBodySchema> {
  rejectModelOption(options.model, "act");
  const sent: NonNullable<z.input<typeof actBodySchema>["options"]> = { targetId };
  if (options.variables !== undefined) sent.variables = options.variables;
  if (options.timeout !== undefined) sent.timeout = options.timeout;
  return { instruction, options: sent };
}

/**
 * Turns the service's extract result into what LOCAL would return for the same call form: `{ pageText }`,
 * `{ extraction }`, or the value as the caller's own schema parses it (so zod transforms and defaults
 * apply), with `cacheStatus` on object results when the service used its cache.
 * @throws SchemaValidationError when the caller's schema rejects the value (a refinement JSON Schema
 *   cannot express); ClientError when the result is not the call form's shape.
 */
export async function finishExtract(
  call: ExtractCall,
  schema: NormalizedSchema | undefined,
  answer: Pick<ServerAnswer, "result" | "cacheStatus">,
): Promise<unknown> {
  let value: unknown;
  if (call.form === "page-text") value = { pageText: textField(answer.result, "pageText") };
  else if (call.form === "text") value = { extraction: textField(answer.result, "extraction") };
  else if (schema) {
    const validation = await schema.validate(answer.result);
    if (!validation.ok) throw new SchemaValidationError(validation.issues, answer.result);
    value = validation.value;
  }
  return withCacheStatus(value, answer.cacheStatus);
}

/**
 * Adds `cacheStatus` to a plain-object result. Arrays, primitives and class instances (a zod transform's
 * output) are left as they are, and so is a result that has a `cacheStatus` field of its own.
 */
export function withCacheStatus(value: unknown, cacheStatus: CacheStatus | undefined): unknown {
  if (cacheStatus === undefined || !isPlainObject(value) || Object.hasOwn(value, "cacheStatus")) return value;
  return { ...value, cacheStatus };
}

function textField(result: unknown, field: "pageText" | "extraction"): string {
  if (typeof result === "string") return result;
  if (isPlainObject(result) && typeof result[field] === "string") return result[field];
  throw new ClientError(
    `Loupe Cloud's extract result has no "${field}" text: ${JSON.stringify(result)?.slice(0, 200)}`,
  );
}

function rejectModelOption(model: unknown, operation: OperationName): void {
  if (model !== undefined)
    throw new ClientError(
      `${operation}() option "model" has no effect with env "CLOUD": Loupe Cloud's own model answers ` +
        '(LOUPE_MODEL on the server). Remove the option, or use env "LOCAL" to choose the model per call.',
    );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
