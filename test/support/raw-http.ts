/**
 * HTTP as a hostile client speaks it: bytes written to a TCP socket as they are (a malformed request line,
 * broken percent-encoding, a body cut short, headers sent one byte at a time), which no HTTP client
 * library would send. Loopback only.
 */
import { connect } from "node:net";

/** How a raw exchange went. */
export interface RawExchange {
  /** The status code of the server's first answer, or undefined when none came. */
  status: number | undefined;
  /** Everything the server sent. */
  response: string;
  /**
   * Why the exchange ended: an answer's head came in (with `untilHead`), the server closed the
   * connection, the client stopped waiting, the client reset it, or nothing listens (refused).
   */
  ended: "answered" | "closed" | "waited" | "reset" | "failed";
}

/** How the raw client behaves. */
export interface RawClientOptions {
  /** Pause between chunks: a slow client. Default 0. */
  chunkDelayMs?: number;
  /** Reset the connection right after the last chunk instead of waiting for an answer. */
  reset?: boolean;
  /** Half-close (FIN) after the last chunk: the client has nothing more to say, the server must answer. */
  end?: boolean;
  /** Stop waiting once an answer's head is in (the server may keep the connection open). Default true. */
  untilHead?: boolean;
  /** Stop waiting after this long. Default 5 s. */
  timeoutMs?: number;
  /** Where the server listens. Default 127.0.0.1. */
  host?: string;
}

/** Writes `chunks` to `port` in order and collects the answer. Never rejects. */
export function rawExchange(
  port: number,
  chunks: (string | Buffer)[],
  options: RawClientOptions = {},
): Promise<RawExchange> {
  const {
    chunkDelayMs = 0,
    reset = false,
    end = false,
    untilHead = true,
    timeoutMs = 5_000,
    host = "127.0.0.1",
  } = options;
  return new Promise((resolve) => {
    let response = "";
    let done = false;
    const socket = connect(port, host);
    const finish = (ended: RawExchange["ended"]): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (ended === "reset") socket.resetAndDestroy();
      else socket.destroy();
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(response)?.[1];
      resolve({ status: status ? Number(status) : undefined, response, ended });
    };
    const timer = setTimeout(() => finish("waited"), timeoutMs);
    socket.setEncoding("latin1");
    socket.on("data", (data: string) => {
      response += data;
      if (untilHead && response.includes("\r\n\r\n")) finish("answered");
    });
    socket.on("close", () => finish("closed"));
    socket.on("error", (error: NodeJS.ErrnoException) =>
      finish(error.code === "ECONNREFUSED" ? "failed" : "closed"),
    );
    socket.once("connect", async () => {
      for (const chunk of chunks) {
        if (done || socket.destroyed) return;
        socket.write(chunk);
        if (chunkDelayMs) await new Promise((wait) => setTimeout(wait, chunkDelayMs));
      }
      if (reset) finish("reset");
      else if (end && !socket.destroyed) socket.end();
    });
  });
}

/** An HTTP/1.1 upgrade request for a WebSocket at `path` (the handshake a browser sends). */
export function upgradeRequest(path: string, host: string, extraHeaders: string[] = []): string {
  return [
    `GET ${path} HTTP/1.1`,
    `Host: ${host}`,
    "Connection: Upgrade",
    "Upgrade: websocket",
    "Sec-WebSocket-Version: 13",
    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
    ...extraHeaders,
    "",
    "",
  ].join("\r\n");
}
