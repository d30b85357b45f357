import { ClientError, SchemaValidationError } from "@loupe/core";
import { StudioError, type StudioErrorData } from "../common/studio-error.js";

/**
 * Any thrown value as the plain error data sent to the renderer: a `StudioError` as is; a Loupe
 * `ClientError` subclass with the snake_case of its class name as code (`ExtractTimeoutError` →
 * `extract_timeout`) and, for `SchemaValidationError`, its issues; anything else as `internal`.
 */
export function toErrorData(error: unknown): StudioErrorData {
  if (error instanceof StudioError) return error.toData();
  if (error instanceof ClientError) {
    const data: StudioErrorData = { code: codeOfClass(error.constructor.name), message: error.message };
    if (error instanceof SchemaValidationError)
      data.issues = error.issues.map((i) => ({ path: i.path, message: i.message }));
    return data;
  }
  return { code: "internal", message: error instanceof Error ? error.message : String(error) };
}

/** `ExtractTimeoutError` → `extract_timeout`; `ClientError` → `client`. */
export function codeOfClass(name: string): string {
  return (
    name
      .replace(/Error$/, "")
      .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
      .replace(/([A-Z])(?=[A-Z][a-z])/g, "$1_")
      .toLowerCase() || "client"
  );
}
