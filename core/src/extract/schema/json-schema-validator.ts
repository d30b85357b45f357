/**
 * The caller's side of the schema worker: one worker thread per process, started on the first plain JSON
 * Schema, that compiles and validates with a deadline. Compiling a large schema takes ajv a second of
 * CPU, and a schema of nested unions can make validating an answer take far longer; neither ever runs
 * on the caller's thread, and past its deadline the worker is stopped and replaced.
 */
import { ClientError } from "../../errors.js";
import { WorkerPool, WorkerTaskError } from "../../worker-pool/worker-pool.js";
import { workerScriptBeside } from "../../worker-pool/worker-script.js";
import type { JsonSchemaTask, JsonSchemaTaskResult } from "./json-schema-compile.js";
import type { SchemaValidation } from "./normalized-schema.js";

/**
 * How long compiling one schema may take. The largest schema the limits allow compiles in well under a
 * second on an idle machine (see `npm run bench -- --only schema`); the slack is for a loaded one.
 */
export const COMPILE_DEADLINE_MS = 30_000;
/** How long validating one value may take. */
export const VALIDATE_DEADLINE_MS = 5_000;

let pool: WorkerPool<JsonSchemaTask, JsonSchemaTaskResult> | undefined;

function schemaWorker(): WorkerPool<JsonSchemaTask, JsonSchemaTaskResult> {
  return (pool ??= new WorkerPool({
    script: workerScriptBeside(import.meta.url, "json-schema-worker"),
    work: "The JSON Schema work",
    size: 1,
    deadlineMs: COMPILE_DEADLINE_MS,
    maxHeapMb: 512,
  }));
}

/**
 * Compiles a schema in the worker (or finds it compiled), so a broken schema fails before any page or
 * model work.
 *
 * @param json - The schema as JSON text, within SCHEMA_LIMITS.
 * @throws ClientError saying what is wrong with the schema.
 */
export async function compileJsonSchema(json: string): Promise<void> {
  const result = await run({ op: "compile", json }, COMPILE_DEADLINE_MS, "Compiling the schema");
  if (!result.ok) throw new ClientError(result.problem);
}

/**
 * Validates a value with a schema in the worker.
 *
 * @param json - The schema as JSON text, within SCHEMA_LIMITS.
 * @param value - The value to check (it is copied to the worker).
 * @throws ClientError when the schema cannot be compiled or validation runs past its deadline.
 */
export async function validateWithJsonSchema(json: string, value: unknown): Promise<SchemaValidation> {
  const result = await run({ op: "validate", json, value }, VALIDATE_DEADLINE_MS, "Validating the answer");
  if (!result.ok) throw new ClientError(result.problem);
  return result.issues.length === 0 ? { ok: true, value } : { ok: false, issues: result.issues };
}

async function run(task: JsonSchemaTask, deadlineMs: number, what: string): Promise<JsonSchemaTaskResult> {
  try {
    return await schemaWorker().run(task, { deadlineMs });
  } catch (error) {
    if (!(error instanceof WorkerTaskError)) throw error;
    if (error.code === "deadline_exceeded")
      throw new ClientError(
        `${what} against the JSON Schema took longer than ${deadlineMs.toLocaleString("en-US")} ms and was stopped. ` +
          `Simplify the schema: fewer nested anyOf/oneOf, shorter patterns.`,
        { cause: error },
      );
    throw new ClientError(`${what} against the JSON Schema failed: ${error.message}`, { cause: error });
  }
}
