import { z } from "zod";
import { modelTranscriptSchema } from "./model-transcript-schema.js";
import { runMetricsSchema } from "./shared-schemas.js";

/** One kept run: what was asked, what came back, what it cost, and how the page looked. */
export const runRecordSchema = z.object({
  id: z.string(),
  kind: z.enum(["extract", "act", "fetch"]),
  /** ISO time the run started. */
  startedAt: z.string(),
  /** The page (extract, act) or URL (fetch) it ran against. */
  url: z.string(),
  /**
   * The params the run was called with (the method's params, as sent), except act's variables: only their
   * names are kept, as `variableNames`, never their values.
   */
  input: z.record(z.string(), z.unknown()),
  outcome: z.discriminatedUnion("ok", [
    z.object({ ok: z.literal(true), output: z.unknown() }),
    z.object({ ok: z.literal(false), error: z.object({ code: z.string(), message: z.string() }) }),
  ]),
  metrics: runMetricsSchema.optional(),
  /** A small JPEG of the page after the run, as a data: URL (absent for fetch, and for act with variables). */
  thumbnail: z.string().optional(),
  /**
   * What the model saw (extract, act): every call as sent and answered, bounded in size. Only the
   * newest runs keep theirs; an older run's is dropped first.
   */
  transcript: modelTranscriptSchema.optional(),
});

/** Every run of this launch, newest first. */
export const historyMethods = {
  "history.list": {
    params: z.strictObject({}),
    result: z.object({ runs: z.array(runRecordSchema) }),
  },
} as const;

/** Events of the history. */
export const historyEvents = {
  /** A run finished (or failed) and was kept. */
  "history.added": runRecordSchema,
} as const;
