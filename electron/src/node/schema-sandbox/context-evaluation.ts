import vm from "node:vm";
import type { SchemaEvaluation, SourceIssue } from "./sandbox-result.js";
import { RESULT_GLOBAL } from "./source-convention.js";

/** The filename user code runs under, so its stack frames can be told apart from zod's. */
const USER_FILENAME = "schema.ts";

/**
 * Runs prepared user code in a FRESH vm context whose only global is the zod bundle, and returns plain
 * data. The rules that keep it closed:
 *
 * - The context's global object is created from `Object.create(null)`: no outer-realm prototype, so
 *   `this.constructor.constructor` reaches the context's own `Function`, never the worker's.
 * - `codeGeneration: { strings: false, wasm: false }` makes that `Function` (and `eval`) throw.
 * - zod is evaluated inside the context (`zodScript.runInContext`), never handed in from outside.
 * - Only strings cross back: the helpers inside serialise, this side parses.
 * - `timeout` bounds synchronous loops; `microtaskMode: "afterEvaluate"` puts promise chains under the
 *   same bound. Anything else runaway (a hostile getter read later) is the worker's watchdog's to kill.
 */
export function evaluateInContext(zodScript: vm.Script, script: string, timeoutMs: number): SchemaEvaluation {
  const global = Object.create(null) as Record<string, unknown>;
  const context = vm.createContext(global, {
    name: "loupe-schema-sandbox",
    codeGeneration: { strings: false, wasm: false },
    microtaskMode: "afterEvaluate",
  });
  zodScript.runInContext(context, { timeout: timeoutMs });
  vm.runInContext("var z = LoupeSandbox.z;", context);

  let compiled: vm.Script;
  try {
    // lineOffset -1: the prepared script starts with one line of its own (`var __loupeSchema;`).
    compiled = new vm.Script(script, { filename: USER_FILENAME, lineOffset: -1 });
  } catch (error) {
    return { ok: false, issues: [{ message: error instanceof Error ? error.message : String(error) }] };
  }
  const started = performance.now();
  try {
    compiled.runInContext(context, { timeout: timeoutMs });
  } catch (thrown) {
    if (performance.now() - started >= timeoutMs * 0.9)
      return { ok: false, issues: [{ message: timeLimitMessage(timeoutMs) }] };
    if (thrown instanceof Error) return { ok: false, issues: [{ message: thrown.message }] }; // this realm's own
    // A value from inside: described inside (its getters run there, under the time limit).
    global["__loupeThrown"] = thrown;
    return {
      ok: false,
      issues: [issueOfThrown(insideJson(context, "LoupeSandbox.describeError(__loupeThrown)", timeoutMs))],
    };
  }
  const described = insideJson(
    context,
    `LoupeSandbox.describeSchema(typeof schema !== "undefined" ? schema : ${RESULT_GLOBAL})`,
    timeoutMs,
  );
  if (described && typeof described === "object" && "ok" in described) {
    if (described.ok === true && "jsonSchema" in described && isRecord(described.jsonSchema))
      return { ok: true, jsonSchema: described.jsonSchema };
    if ("message" in described && typeof described.message === "string")
      return { ok: false, issues: [{ message: described.message }] };
  }
  return { ok: false, issues: [{ message: "The schema could not be read." }] };
}

/** Runs a helper inside the context; only its string answer is parsed out here. */
function insideJson(context: vm.Context, code: string, timeoutMs: number): unknown {
  try {
    const text: unknown = vm.runInContext(code, context, { timeout: timeoutMs });
    return typeof text === "string" ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** A thrown value's message, placed at the first stack frame in the user's file. */
function issueOfThrown(described: unknown): SourceIssue {
  if (!isRecord(described) || typeof described["message"] !== "string")
    return { message: "The code threw a value that cannot be shown." };
  const stack = typeof described["stack"] === "string" ? described["stack"] : "";
  const frame = new RegExp(`${USER_FILENAME.replace(".", "\\.")}:(\\d+):(\\d+)`).exec(stack);
  if (!frame) return { message: described["message"] };
  return { message: described["message"], line: Number(frame[1]), column: Number(frame[2]) };
}

export function timeLimitMessage(timeoutMs: number): string {
  return `The schema code ran past the ${timeoutMs} ms time limit (an endless loop?).`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
