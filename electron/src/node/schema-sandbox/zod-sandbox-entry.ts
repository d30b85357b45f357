/**
 * The only global of a schema sandbox: zod, plus the helpers that turn what the person's code left
 * behind into plain strings. Bundled into one classic script (`npm run build -w electron`) and evaluated
 * INSIDE each fresh vm context, so every object user code can reach belongs to that context's realm —
 * nothing from the worker's realm, whose `Function` could compile code with `process` in scope.
 */
import { z } from "zod";

/** What `describeSchema` answers, as JSON text (the only thing that leaves the context). */
type Described = { ok: true; jsonSchema: unknown } | { ok: false; message: string };

/**
 * The JSON Schema of `value` as JSON text: draft-07 of the input side, the same conversion
 * `@loupe/core` applies to a zod schema, so the editor shows what the model will be sent.
 */
function describeSchema(value: unknown): string {
  let described: Described;
  if (!(value instanceof z.ZodType)) {
    described = {
      ok: false,
      message:
        value === undefined
          ? "The code produced no schema: end it with a zod expression, or declare `const schema = z.…`."
          : `The code produced ${typeof value}, not a zod schema.`,
    };
  } else {
    try {
      described = { ok: true, jsonSchema: z.toJSONSchema(value, { target: "draft-07", io: "input" }) };
    } catch (error) {
      described = { ok: false, message: `zod could not convert the schema: ${messageOf(error)}` };
    }
  }
  return JSON.stringify(described);
}

/** A thrown value as `{ message, stack }` JSON text, read here so a hostile getter runs in this realm. */
function describeError(thrown: unknown): string {
  let stack = "";
  try {
    stack = thrown instanceof Error && typeof thrown.stack === "string" ? thrown.stack : "";
  } catch {
    // a throwing `stack` getter leaves the position unknown
  }
  return JSON.stringify({ message: messageOf(thrown), stack });
}

function messageOf(thrown: unknown): string {
  try {
    if (thrown instanceof Error) return `${thrown.name}: ${thrown.message}`;
    return `Thrown: ${String(thrown)}`;
  } catch {
    return "Thrown: a value that cannot be shown";
  }
}

export { z, describeSchema, describeError };
