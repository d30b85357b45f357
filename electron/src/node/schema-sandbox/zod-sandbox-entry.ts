/**
 * The only global of a schema sandbox: zod, plus the helpers that turn what the person's code left
 * behind into plain strings. Bundled into one classic script (`npm run build -w electron`) and evaluated
 * INSIDE each QuickJS realm, so everything user code can reach was made inside it; the host reads back
 * only the strings these helpers return, and believes none of them until it has checked them.
 */
import { z } from "zod";

// Schema code copied from elsewhere may log; inside the realm there is nowhere to log to.
const silent = () => {};
(globalThis as { console?: unknown }).console = {
  log: silent,
  info: silent,
  warn: silent,
  error: silent,
  debug: silent,
};

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
    // The first frame in the user's file is near the top; a stack overflow's is thousands of lines long.
    stack = thrown instanceof Error && typeof thrown.stack === "string" ? thrown.stack.slice(0, 4_000) : "";
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
