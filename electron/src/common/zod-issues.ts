import type { z } from "zod";
import type { StudioIssue } from "./studio-error.js";

/** A zod error's issues as `StudioIssue`s (symbol keys, which JSON cannot carry, become strings). */
export function issuesOf(error: z.ZodError): StudioIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map((key) => (typeof key === "symbol" ? String(key) : key)),
    message: issue.message,
  }));
}
