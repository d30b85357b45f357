import { z } from "zod";

/** One problem with a value: where it is (keys and indexes from the top) and what is wrong there. */
export const studioIssueSchema = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
});

/**
 * An error as it crosses a transport: a stable `code` to branch on, a message for people, and the
 * per-field `issues` when the error is about a value's shape (bad params, a schema the data missed).
 */
export const studioErrorSchema = z.object({
  code: z.string().min(1),
  message: z.string(),
  issues: z.array(studioIssueSchema).optional(),
});

/** One problem with a value, as carried in a `StudioError`. */
export type StudioIssue = z.infer<typeof studioIssueSchema>;
/** The plain-data form of a Studio error. */
export type StudioErrorData = z.infer<typeof studioErrorSchema>;

/** A Studio API call failed; thrown by the client and by the service, carried as `StudioErrorData`. */
export class StudioError extends Error {
  constructor(
    /** `invalid_params`, `cancelled`, `unknown_page`, `unknown_method`, `internal`, or the snake_case of a Loupe error class. */
    readonly code: string,
    message: string,
    /** Field-level problems, when there are any. */
    readonly issues?: StudioIssue[],
  ) {
    super(message);
    this.name = "StudioError";
  }

  /** The plain data to send over a transport. */
  toData(): StudioErrorData {
    return { code: this.code, message: this.message, ...(this.issues ? { issues: this.issues } : {}) };
  }

  /** Rebuilds the error on the receiving side. */
  static fromData(data: StudioErrorData): StudioError {
    return new StudioError(data.code, data.message, data.issues);
  }
}
