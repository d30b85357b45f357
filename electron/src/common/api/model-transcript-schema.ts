import { z } from "zod";

/**
 * A text as kept in a run's transcript: at most a bounded number of characters (a 15k-line snapshot sent
 * twice, for a repair turn, would make every run weigh megabytes), with how many were dropped.
 */
export const keptTextSchema = z.object({
  text: z.string(),
  /** Characters cut off the end to keep the run bounded; the UI says so beside the text. */
  clippedChars: z.number().int().positive().optional(),
});

/** One part of a message as sent: its text, or what an image or file was (never its bytes). */
export const transcriptPartSchema = z.discriminatedUnion("type", [
  keptTextSchema.extend({ type: z.literal("text") }),
  z.object({ type: z.literal("image"), mediaType: z.string(), bytes: z.number().int().nonnegative() }),
  z.object({ type: z.literal("file"), mediaType: z.string(), bytes: z.number().int().nonnegative() }),
]);

/** One model request of a run, as sent (secrets already masked) and as answered. */
export const modelCallSchema = z.object({
  kind: z.enum(["json", "text"]),
  /** The second call after an answer that missed the schema (extract) or failed on the page (act). */
  repair: z.boolean(),
  /** The call answered one part of a long page (0-based). */
  part: z.object({ index: z.number().int().nonnegative(), count: z.number().int().positive() }).optional(),
  /** The call merged the parts' free-text answers. */
  combine: z.boolean().optional(),
  system: keptTextSchema,
  messages: z.array(z.object({ role: z.string(), parts: z.array(transcriptPartSchema) })),
  /** The structured-output schema of a JSON call, as JSON text. */
  schema: keptTextSchema.optional(),
  /** The answer as the model wrote it. */
  response: keptTextSchema.optional(),
  error: z.string().optional(),
  usage: z
    .object({ inputTokens: z.number().int().nonnegative(), outputTokens: z.number().int().nonnegative() })
    .optional(),
  ms: z.number().nonnegative(),
});

/** What the model saw during a run: its calls in order, and how many more were made than are kept. */
export const modelTranscriptSchema = z.object({
  calls: z.array(modelCallSchema),
  /** Calls made beyond those kept (a page split into many parts). */
  droppedCalls: z.number().int().positive().optional(),
});
