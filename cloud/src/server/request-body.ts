import { ClientError } from "@loupe/core";
import { normalizeSchema } from "@loupe/core/engine";
import { checkMessage } from "@loupe/core/protocol";
import type { z } from "zod";
import { serviceError } from "../errors/service-error.js";

/**
 * Checks a request body against its schema in the protocol; a body that does not fit is 400
 * `invalid_request` naming each field and what is wrong with it (and, for an unknown field, the fields
 * the route takes).
 */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const checked = checkMessage(schema, body ?? {});
  if (checked.ok) return checked.value;
  throw serviceError("invalid_request", `The body of ${what} is not valid: ${checked.problems}.`);
}

/**
 * Checks a request's JSON Schema before any work (a target fetched, a page read): a schema Loupe cannot
 * read, or one past the limits, is the caller's mistake and 400 `invalid_request` prefixed with `label`.
 */
export async function checkRequestSchema(
  schema: Record<string, unknown> | undefined,
  label: string,
): Promise<void> {
  if (schema === undefined) return;
  try {
    await normalizeSchema(schema);
  } catch (error) {
    if (error instanceof ClientError) throw serviceError("invalid_request", `${label}${error.message}`);
    throw error;
  }
}
