import type { StudioErrorData } from "./studio-error.js";

/** A call, from client to server. */
export interface RequestMessage {
  kind: "request";
  id: number;
  method: string;
  params: unknown;
}

/** The answer to the request with the same id. */
export type ResponseMessage =
  | { kind: "response"; id: number; ok: true; result: unknown }
  | { kind: "response"; id: number; ok: false; error: StudioErrorData };

/** A push from server to client. */
export interface EventMessage {
  kind: "event";
  name: string;
  payload: unknown;
}

/** Anything a transport carries. */
export type StudioMessage = RequestMessage | ResponseMessage | EventMessage;

/**
 * One end of a connection that carries Studio messages (in memory, a WebSocket, Electron IPC). The
 * messages are plain JSON data; the transport knows nothing of methods, only of delivery.
 */
export interface Transport {
  /** Sends one message to the other end; dropped once closed. */
  send(message: StudioMessage): void;
  /** Calls `handler` with every message from the other end; returns the unsubscribe function. */
  onMessage(handler: (message: StudioMessage) => void): () => void;
  /**
   * Calls `handler` once when the connection ends (either side), with the reason when the transport
   * knows one a person can act on (a refused token, say).
   */
  onClose(handler: (reason?: string) => void): void;
  /** Ends the connection. */
  close(): void;
}

/** Whether a decoded JSON value looks like a Studio message (full checks happen in client and server). */
export function isStudioMessage(value: unknown): value is StudioMessage {
  if (typeof value !== "object" || value === null) return false;
  const kind = (value as { kind?: unknown }).kind;
  return kind === "request" || kind === "response" || kind === "event";
}
