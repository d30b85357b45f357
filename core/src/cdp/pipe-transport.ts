import type { Readable, Writable } from "node:stream";
import { ClientError } from "../errors.js";
import type { CdpTransport } from "./cdp-transport.js";

/**
 * The DevTools pipe of a browser started with `--remote-debugging-pipe`: commands written to its fd 3,
 * answers and events read from its fd 4, each message JSON ended by a NUL byte. No port is opened, so
 * nothing but the process holding the pipe can reach the browser's DevTools.
 */
export class PipeTransport implements CdpTransport {
  onmessage?: (message: string) => void;
  onclose?: (reason: Error) => void;
  private readonly pending: Buffer[] = [];
  private closed = false;

  constructor(
    private readonly toBrowser: Writable,
    private readonly fromBrowser: Readable,
  ) {
    fromBrowser.on("data", (chunk: Buffer) => this.receive(chunk));
    fromBrowser.on("close", () => this.end(new ClientError("The browser's DevTools pipe closed.")));
    const failed = (error: Error) =>
      this.end(new ClientError(`The browser's DevTools pipe failed: ${error.message}`, { cause: error }));
    fromBrowser.on("error", failed);
    toBrowser.on("error", failed);
  }

  send(message: string): void {
    if (this.closed) return;
    this.toBrowser.write(`${message}\0`);
  }

  close(): void {
    this.end(new ClientError("The DevTools pipe was closed."));
  }

  private receive(chunk: Buffer): void {
    // Split on bytes, not characters: a chunk may end inside a multi-byte character.
    let start = 0;
    for (let end = chunk.indexOf(0); end !== -1; end = chunk.indexOf(0, start)) {
      this.pending.push(chunk.subarray(start, end));
      const message = Buffer.concat(this.pending).toString("utf8");
      this.pending.length = 0;
      start = end + 1;
      this.onmessage?.(message);
      if (this.closed) return;
    }
    if (start < chunk.length) this.pending.push(chunk.subarray(start));
  }

  private end(reason: Error): void {
    if (this.closed) return;
    this.closed = true;
    this.toBrowser.destroy();
    this.fromBrowser.destroy();
    this.onclose?.(reason);
  }
}
