import { z } from "zod";
import { USER_FILENAME, type RealmLimits, type RealmOutcome } from "./quickjs-realm.js";
import type { SchemaEvaluation, SourceIssue } from "./sandbox-result.js";
import { sandboxMessages } from "./sandbox-messages.js";

/** The longest answer read out of a realm (a JSON Schema of a page's fields is a few kilobytes). */
export const MAX_OUTPUT_CHARS = 1_000_000;
/** How deep a JSON Schema may nest (an object in an object is two levels: `properties`, then the name). */
export const MAX_OUTPUT_DEPTH = 128;
/** The longest message shown in the editor. */
const MAX_MESSAGE_CHARS = 1_000;
/** Keys that would change an object's prototype if a later `Object.assign` or a careless merge met them. */
const FORBIDDEN_KEYS = new Set(["__proto__"]);

const describedSchema = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), jsonSchema: z.record(z.string(), z.unknown()) }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);
const describedError = z.object({ message: z.string(), stack: z.string() });

/**
 * What a realm's outcome means for the editor and for extract, read as hostile data: the realm's code
 * may have been replaced by the user's, so every answer is size-checked, parsed as JSON (data only: no
 * getters, no functions), checked for its shape, depth and keys, and every position is checked against
 * the source it claims to point into.
 */
export function evaluationOf(outcome: RealmOutcome, limits: RealmLimits, source: string): SchemaEvaluation {
  switch (outcome.kind) {
    case "limit":
      return failed(
        outcome.limit === "time"
          ? sandboxMessages.timeLimit(limits.timeoutMs)
          : sandboxMessages.memoryLimit(limits.memoryMb),
      );
    case "engine-failed":
      return failed(sandboxMessages.engineStopped);
    case "thrown": {
      const parsed = describedError.safeParse(parsedJson(outcome.text));
      if (!parsed.success) return failed(sandboxMessages.thrownUnshowable);
      return { ok: false, issues: [issueAt(parsed.data.message, parsed.data.stack, source)] };
    }
    case "described": {
      if (outcome.text !== undefined && outcome.text.length > MAX_OUTPUT_CHARS)
        return failed(sandboxMessages.outputTooLarge(MAX_OUTPUT_CHARS));
      const raw = parsedJson(outcome.text);
      // Before anything copies it: a copy by assignment would turn a `__proto__` key into a prototype.
      const problem = shapeProblem(raw);
      if (problem) return failed(problem);
      const parsed = describedSchema.safeParse(raw);
      if (!parsed.success) return failed(sandboxMessages.unreadable);
      return parsed.data.ok ? { ok: true, jsonSchema: parsed.data.jsonSchema } : failed(parsed.data.message);
    }
  }
}

function failed(message: string): SchemaEvaluation {
  return { ok: false, issues: [{ message: clip(message) }] };
}

function parsedJson(text: string | undefined): unknown {
  if (text === undefined || text.length > MAX_OUTPUT_CHARS) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Too deep or holding a forbidden key: walked without recursion, so depth cannot hurt the walk. */
function shapeProblem(root: unknown): string | undefined {
  const pending: { value: unknown; depth: number }[] = [{ value: root, depth: 1 }];
  while (pending.length > 0) {
    const { value, depth } = pending.pop()!;
    if (typeof value !== "object" || value === null) continue;
    if (depth > MAX_OUTPUT_DEPTH) return sandboxMessages.outputTooDeep(MAX_OUTPUT_DEPTH);
    for (const [key, child] of Object.entries(value)) {
      if (FORBIDDEN_KEYS.has(key)) return sandboxMessages.forbiddenKey(key);
      pending.push({ value: child, depth: depth + 1 });
    }
  }
  return undefined;
}

/** A thrown value's message, placed at the first stack frame in the user's file when that is in it. */
function issueAt(message: string, stack: string, source: string): SourceIssue {
  const frame = new RegExp(`${USER_FILENAME.replace(".", "\\.")}:(\\d{1,7}):(\\d{1,7})`).exec(
    stack.slice(0, 10_000),
  );
  if (!frame) return { message: clip(message) };
  const lines = source.split("\n");
  const line = Number(frame[1]);
  const column = Number(frame[2]);
  const lineText = lines[line - 1];
  if (lineText === undefined || column < 1 || column > lineText.length + 1) return { message: clip(message) };
  return { message: clip(message), line, column };
}

function clip(message: string): string {
  return message.length > MAX_MESSAGE_CHARS ? `${message.slice(0, MAX_MESSAGE_CHARS)}…` : message;
}
