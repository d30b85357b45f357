/** Why a page could not become markdown. The server answers any of these as `extraction_failed`. */
export type MarkdownConversionErrorCode =
  /** The conversion ran past its deadline (wall-clock time from when a worker took it); its worker was stopped. */
  | "deadline_exceeded"
  /** The converter threw on this page. */
  | "conversion_failed"
  /** The worker died (out of memory, crashed) or could not start. */
  | "worker_failed"
  /** The pool was closed before the conversion finished. */
  | "pool_closed"
  /** The request went away (the caller hung up, or its timeout passed); the conversion was dropped or stopped. */
  | "cancelled";

export class MarkdownConversionError extends Error {
  override readonly name = "MarkdownConversionError";

  constructor(
    readonly code: MarkdownConversionErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
