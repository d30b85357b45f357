import {
  isStudioMethod,
  studioEvents,
  studioMethods,
  type StudioEvent,
  type StudioEventName,
  type StudioHandlers,
  type StudioMethodName,
} from "../common/studio-api.js";
import { StudioError } from "../common/studio-error.js";
import { invalidParams } from "../common/studio-client.js";
import type { RequestMessage, Transport } from "../common/transport.js";
import { toErrorData } from "./error-data.js";

/** Serves the Studio API to any number of connected transports. */
export interface StudioServer {
  /** Serves one connection until it closes; returns a function that detaches it. */
  attach(transport: Transport): () => void;
  /** Sends an event (validated against its schema) to every attached connection. */
  emit<E extends StudioEventName>(event: E, payload: StudioEvent<E>): void;
}

/**
 * The dispatch between transports and the service: checks each request's params with the method's zod
 * schema (a bad param is `invalid_params` naming the field), calls the handler, parses its result with
 * the result schema (which also strips any field the contract does not name), and turns errors into data.
 */
export function createStudioServer(handlers: StudioHandlers): StudioServer {
  const connections = new Set<Transport>();
  return {
    attach(transport) {
      connections.add(transport);
      const off = transport.onMessage((message) => {
        if (message.kind === "request") void answer(handlers, transport, message);
      });
      const detach = () => {
        off();
        connections.delete(transport);
      };
      transport.onClose(detach);
      return detach;
    },
    emit(event, payload) {
      const parsed = studioEvents[event].parse(payload);
      for (const transport of connections) transport.send({ kind: "event", name: event, payload: parsed });
    },
  };
}

async function answer(
  handlers: StudioHandlers,
  transport: Transport,
  request: RequestMessage,
): Promise<void> {
  try {
    const result = await dispatch(handlers, request.method, request.params);
    transport.send({ kind: "response", id: request.id, ok: true, result });
  } catch (error) {
    transport.send({ kind: "response", id: request.id, ok: false, error: toErrorData(error) });
  }
}

async function dispatch(handlers: StudioHandlers, method: string, params: unknown): Promise<unknown> {
  if (!isStudioMethod(method))
    throw new StudioError("unknown_method", `There is no Studio method "${method}".`);
  const schema = studioMethods[method];
  const parsed = schema.params.safeParse(params);
  if (!parsed.success) throw invalidParams(method, parsed.error);
  const handler = handlers[method] as (p: unknown) => Promise<unknown>;
  const result = await handler(parsed.data);
  return (schema.result as (typeof studioMethods)[StudioMethodName]["result"]).parse(result);
}
