/**
 * The last line of defence of a long-running server process (`loupe cloud serve`, `loupe studio`): an
 * error that no request handler caught is logged and the process keeps serving, because one stray error
 * must not end every other caller's sessions and requests. Each server answers bad input itself (a 4xx);
 * a line from here is a bug to report, and the fuzz test fails on any.
 *
 * Only the command line installs these: a library must not decide for the process it is loaded into.
 */
export function keepServingThroughStrayErrors(command: string): void {
  const report = (kind: string, error: unknown): void => {
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    process.stderr.write(
      `${STRAY_ERROR_PREFIX} ${kind} in \`loupe ${command}\` (still serving): ${detail}\n`,
    );
  };
  process.on("uncaughtException", (error) => report("uncaught exception", error));
  process.on("unhandledRejection", (reason) => report("unhandled rejection", reason));
}

/** How every such log line starts, so tests and log searches can find them. */
export const STRAY_ERROR_PREFIX = "loupe: unexpected error:";
