import type { StudioMessage, Transport } from "./transport.js";

/**
 * A connected client/server pair in one process, for unit tests. Messages are delivered asynchronously
 * and as JSON copies, so a test sees what a real transport would deliver.
 */
export function createInMemoryTransportPair(): { client: Transport; server: Transport } {
  const a = new Endpoint();
  const b = new Endpoint();
  a.peer = b;
  b.peer = a;
  return { client: a, server: b };
}

class Endpoint implements Transport {
  peer: Endpoint | undefined;
  private readonly handlers = new Set<(message: StudioMessage) => void>();
  private readonly closeHandlers: (() => void)[] = [];
  private closed = false;

  send(message: StudioMessage): void {
    if (this.closed) return;
    const copy = JSON.parse(JSON.stringify(message)) as StudioMessage;
    const peer = this.peer;
    queueMicrotask(() => peer?.deliver(copy));
  }

  onMessage(handler: (message: StudioMessage) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  onClose(handler: () => void): void {
    if (this.closed) queueMicrotask(handler);
    else this.closeHandlers.push(handler);
  }

  close(): void {
    this.end();
    this.peer?.end();
  }

  private deliver(message: StudioMessage): void {
    if (this.closed) return;
    for (const handler of this.handlers) handler(message);
  }

  private end(): void {
    if (this.closed) return;
    this.closed = true;
    for (const handler of this.closeHandlers.splice(0)) handler();
  }
}
