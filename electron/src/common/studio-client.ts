import { StudioError, studioErrorSchema } from "./studio-error.js";
import {
  studioEvents,
  studioMethods,
  type StudioEvent,
  type StudioEventName,
  type StudioMethodName,
  type StudioParams,
  type StudioResult,
} from "./studio-api.js";
import { issuesOf } from "./zod-issues.js";
import type { StudioMessage, Transport } from "./transport.js";

/** The typed Studio API over any transport. */
export interface StudioClient {
  /**
   * Calls a method. Params are checked before anything is sent and the result on receipt.
   * @throws StudioError (`invalid_params`, `invalid_result`, `closed`, or the service's code).
   */
  call<M extends StudioMethodName>(method: M, params: StudioParams<M>): Promise<StudioResult<M>>;
  /** Listens to an event; returns the unsubscribe function. Payloads that fail their schema are dropped. */
  on<E extends StudioEventName>(event: E, handler: (payload: StudioEvent<E>) => void): () => void;
  /** Ends the connection; calls in flight fail with code `closed`. */
  close(): void;
}

/** Creates the typed client over a connected transport. */
export function createStudioClient(transport: Transport): StudioClient {
  let nextId = 1;
  const pending = new Map<
    number,
    { method: StudioMethodName; resolve: (v: unknown) => void; reject: (e: unknown) => void }
  >();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();

  transport.onMessage((message: StudioMessage) => {
    if (message.kind === "response") {
      const call = pending.get(message.id);
      if (!call) return;
      pending.delete(message.id);
      if (!message.ok) {
        const error = studioErrorSchema.safeParse(message.error);
        call.reject(
          error.success
            ? StudioError.fromData(error.data)
            : new StudioError("internal", "The service sent a malformed error."),
        );
        return;
      }
      const parsed = studioMethods[call.method].result.safeParse(message.result);
      if (parsed.success) call.resolve(parsed.data);
      else
        call.reject(
          new StudioError(
            "invalid_result",
            `${call.method} answered with a result that breaks the contract.`,
            issuesOf(parsed.error),
          ),
        );
    } else if (message.kind === "event" && Object.hasOwn(studioEvents, message.name)) {
      const parsed = studioEvents[message.name as StudioEventName].safeParse(message.payload);
      if (!parsed.success) return;
      for (const handler of listeners.get(message.name) ?? []) handler(parsed.data);
    }
  });
  // Once closed, calls fail at once with why: a send on a closed transport is dropped and would
  // otherwise leave the caller waiting forever.
  let closed: StudioError | undefined;
  transport.onClose((reason) => {
    closed = new StudioError("closed", reason ?? "The connection to the Studio service closed.");
    for (const call of pending.values()) call.reject(closed);
    pending.clear();
  });

  return {
    call(method, params) {
      const parsed = studioMethods[method].params.safeParse(params);
      if (!parsed.success) return Promise.reject(invalidParams(method, parsed.error));
      if (closed) return Promise.reject(closed);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { method, resolve: resolve as (v: unknown) => void, reject });
        transport.send({ kind: "request", id, method, params });
      });
    },
    on(event, handler) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      const wrapped = handler as (payload: unknown) => void;
      set.add(wrapped);
      return () => set.delete(wrapped);
    },
    close: () => transport.close(),
  };
}

/** The `invalid_params` error for a method, naming each field that is wrong. */
export function invalidParams(method: string, error: Parameters<typeof issuesOf>[0]): StudioError {
  const issues = issuesOf(error);
  const fields = issues.map((i) => `${i.path.join(".") || "(params)"}: ${i.message}`).join("; ");
  return new StudioError("invalid_params", `Invalid params for ${method}: ${fields}`, issues);
}
