/** One problem in the schema source, at a 1-based line and column when it has a place. */
export interface SourceIssue {
  message: string;
  line?: number;
  column?: number;
  endLine?: number;
  endColumn?: number;
}

/** What evaluating a zod source gives: its JSON Schema, or the issues that stopped it. */
export type SchemaEvaluation =
  { ok: true; jsonSchema: Record<string, unknown> } | { ok: false; issues: SourceIssue[] };
