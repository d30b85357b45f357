import { z } from "zod";

/** One kind's totals for a project. */
export const usageTotalsSchema = z.object({
  /** How many requests of this kind. */
  count: z.number().int().nonnegative(),
  /** Of which succeeded. */
  succeeded: z.number().int().nonnegative(),
  /** Kind-specific units (session seconds); equal to `count` where a request is one unit. */
  units: z.number().nonnegative(),
  /** Bytes delivered (fetch: content bytes). */
  bytes: z.number().int().nonnegative(),
  /** Model input tokens (json fetches, extract, act); 0 where no model was asked. */
  inputTokens: z.number().int().nonnegative(),
  /** Model output tokens. */
  outputTokens: z.number().int().nonnegative(),
});

/** `GET /v1/usage`: the key's project and its totals by kind (`fetch`, `session`, `extract`, `act`). */
export const usageAnswerSchema = z.object({
  project: z.object({ id: z.string(), name: z.string() }),
  usage: z.record(z.string(), usageTotalsSchema),
});

/** `GET /healthz`: 200 and `ok: true` when serving with its store answering, 503 and `ok: false` when not. */
export const healthAnswerSchema = z.object({ ok: z.boolean(), store: z.enum(["sqlite", "postgres"]) });
