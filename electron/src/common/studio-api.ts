/**
 * The Studio API contract: method and event schemas, and the types inferred from them. Environment-
 * neutral (zod and plain TypeScript), so browser code can import it.
 */
import type { z } from "zod";
import { studioEvents } from "./studio-events.js";
import { studioMethods } from "./studio-methods.js";

export { studioMethods, studioEvents };
export { StudioError, studioErrorSchema, type StudioErrorData, type StudioIssue } from "./studio-error.js";

/** A method's name, like `extract.run`. */
export type StudioMethodName = keyof typeof studioMethods;
/** An event's name, like `run.progress`. */
export type StudioEventName = keyof typeof studioEvents;
/** What a caller passes to a method (before defaults). */
export type StudioParams<M extends StudioMethodName> = z.input<(typeof studioMethods)[M]["params"]>;
/** What the service receives for a method, once validated. */
export type StudioParsedParams<M extends StudioMethodName> = z.output<(typeof studioMethods)[M]["params"]>;
/** What a method answers. */
export type StudioResult<M extends StudioMethodName> = z.output<(typeof studioMethods)[M]["result"]>;
/** An event's payload. */
export type StudioEvent<E extends StudioEventName> = z.output<(typeof studioEvents)[E]>;
/** One open tab. */
export type PageInfo = StudioResult<"session.open">;
/** The public model settings. */
export type StudioSettings = StudioResult<"settings.get">;

/** What the service implements: one async function per method. */
export type StudioHandlers = {
  [M in StudioMethodName]: (params: StudioParsedParams<M>) => Promise<StudioResult<M>>;
};

/** Whether a string names a method of the API. */
export function isStudioMethod(name: string): name is StudioMethodName {
  return Object.hasOwn(studioMethods, name);
}

/** One kept run of the history. */
export type RunRecord = StudioEvent<"history.added">;
/** What the model saw during a run. */
export type ModelTranscript = NonNullable<RunRecord["transcript"]>;
/** One model call of a run. */
export type ModelCall = ModelTranscript["calls"][number];
/** A text of a transcript, with how much of it was clipped. */
export type KeptText = ModelCall["system"];
