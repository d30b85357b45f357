/** How much a log line matters; `debug` lines are only produced when someone listens for them. */
export type LogLevel = "error" | "warn" | "info" | "debug";

/** One log line, as the `logger` option receives it. */
export interface LogLine {
  level: LogLevel;
  /** The part of Loupe that wrote it: `client`, `extract`, `snapshot`, `model`, `browser`… */
  category: string;
  message: string;
  /** Structured details (timings, token counts, URLs). */
  details?: Record<string, unknown>;
  timestamp: string;
}

/** Where Loupe's log lines go. */
export interface Logger {
  log(level: LogLevel, category: string, message: string, details?: Record<string, unknown>): void;
  /** Flushes and releases the sinks. */
  close(): Promise<void>;
}

interface PinoLike {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  debug(obj: object, msg: string): void;
  flush?(cb?: (err?: Error) => void): void;
}

/**
 * Builds the client's logger: every line goes to `sink` when given, and to pino on stderr unless
 * `disablePino` is set — in which case pino is never imported, which keeps serverless bundles small.
 */
export async function createLogger(options: {
  disablePino?: boolean;
  sink?: (line: LogLine) => void;
  level?: LogLevel;
}): Promise<Logger> {
  let pino: PinoLike | undefined;
  if (!options.disablePino) {
    const { pino: createPino, destination } = await import("pino");
    // stderr, so that a program printing its results on stdout (the CLI) keeps stdout clean.
    pino = createPino(
      { name: "loupe", level: options.level ?? process.env["LOUPE_LOG_LEVEL"] ?? "info" },
      destination(2),
    );
  }
  const sink = options.sink;
  return {
    log(level, category, message, details) {
      if (pino) pino[level]({ category, ...details }, message);
      sink?.({
        level,
        category,
        message,
        ...(details ? { details } : {}),
        timestamp: new Date().toISOString(),
      });
    },
    async close() {
      await new Promise<void>((resolve) => (pino?.flush ? pino.flush(() => resolve()) : resolve()));
    },
  };
}
