import type { z } from "zod";

/** A value checked against a contract schema: the value, or every problem as one sentence. */
export type Checked<T> = { ok: true; value: T } | { ok: false; problems: string };

/**
 * Checks a value against a schema of the contract. The problems read `field: what is wrong` joined by
 * `; `; an unknown field is named with the fields the schema does take, so the sentence says what to send.
 */
export function checkMessage<T>(schema: z.ZodType<T>, value: unknown): Checked<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const fields = "shape" in schema ? Object.keys(schema.shape as object) : undefined;
  return { ok: false, problems: describeIssues(parsed.error.issues, fields) };
}

function describeIssues(issues: readonly z.core.$ZodIssue[], fields: string[] | undefined): string {
  return issues
    .map((issue) => {
      const path = issue.path.map(String).join(".");
      if (issue.code === "unrecognized_keys") {
        const names = issue.keys.map((key) => JSON.stringify(key)).join(", ");
        const known = path === "" && fields ? ` (the fields are: ${fields.join(", ")})` : "";
        return `${path ? `${path}: ` : ""}unknown field${issue.keys.length > 1 ? "s" : ""} ${names}${known}`;
      }
      return `${path || "the body"}: ${issue.message}`;
    })
    .join("; ");
}
