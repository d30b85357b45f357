/**
 * The schema worker's entry point: compiles and applies plain JSON Schemas off the caller's thread (see
 * json-schema-compile.ts). A compile or a validation that runs too long is not this file's concern: the
 * pool terminates the whole thread.
 */
import { serveWorkerTasks } from "../../worker-pool/worker-tasks.js";
import { runJsonSchemaTask } from "./json-schema-compile.js";

serveWorkerTasks(runJsonSchemaTask);
