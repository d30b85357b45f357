import type { ProtocolMapping } from "devtools-protocol/types/protocol-mapping.js";

/** The DevTools protocol's types (`Protocol.Runtime.RemoteObject`, …), as Chromium publishes them. */
export type { Protocol } from "devtools-protocol";

/** A command's name, like `Runtime.evaluate`. */
export type CdpMethod = keyof ProtocolMapping.Commands;

/** What follows a command's name in a call: its parameters, which the protocol may make optional. */
export type CdpParamsArgs<M extends CdpMethod> = ProtocolMapping.Commands[M]["paramsType"];

/** What a command answers. */
export type CdpResult<M extends CdpMethod> = ProtocolMapping.Commands[M]["returnType"];

/** An event's name, like `Target.attachedToTarget`. */
export type CdpEvent = keyof ProtocolMapping.Events;

/** What an event carries (an empty object for the few events that carry nothing). */
export type CdpEventParams<E extends CdpEvent> = ProtocolMapping.Events[E] extends [infer P]
  ? P
  : Record<string, never>;

/** A command's parameter object, as the protocol describes it (an empty one for a command that takes none). */
export type CdpParams<M extends CdpMethod> =
  CdpParamsArgs<M> extends [] ? Record<string, never> : CdpParamsArgs<M> extends [(infer P)?] ? P : never;
