import type { ModelCallTranscript, TranscriptPart } from "@loupe/core/engine";
import type { KeptText, ModelCall, ModelTranscript } from "../common/studio-api.js";

/**
 * How much of what the model saw a run keeps. A 15k-line snapshot is about a megabyte, and a repair turn
 * sends it again: one block keeps at most `blockChars`, a whole run at most `runChars`, and a page split
 * into many parts keeps its first `calls` calls. Past the bounds, the text says how much was cut.
 */
export const TRANSCRIPT_BOUNDS = Object.freeze({ calls: 12, blockChars: 200_000, runChars: 1_000_000 });

/** The run's model calls, bounded, in the Studio API's shape. */
export function keepTranscript(
  calls: readonly ModelCallTranscript[],
  bounds: { calls: number; blockChars: number; runChars: number } = TRANSCRIPT_BOUNDS,
): ModelTranscript {
  let room = bounds.runChars;
  const keep = (text: string): KeptText => {
    const kept = Math.max(0, Math.min(text.length, bounds.blockChars, room));
    room -= kept;
    return kept < text.length ? { text: text.slice(0, kept), clippedChars: text.length - kept } : { text };
  };
  const part = (p: TranscriptPart): ModelCall["messages"][number]["parts"][number] =>
    p.type === "text" ? { type: "text", ...keep(p.text) } : p;
  const kept = calls.slice(0, bounds.calls).map((call): ModelCall => {
    // The answer takes its room before the prompt: it is what a person debugging a run reads first.
    const response = call.response !== undefined ? keep(call.response) : undefined;
    return {
      kind: call.kind,
      repair: call.repair,
      ...(call.part ? { part: call.part } : {}),
      ...(call.combine ? { combine: true } : {}),
      system: keep(call.system),
      messages: call.messages.map((m) => ({ role: m.role, parts: m.parts.map(part) })),
      ...(response ? { response } : {}),
      ...(call.schema ? { schema: keep(JSON.stringify(call.schema, null, 2)) } : {}),
      ...(call.error ? { error: call.error } : {}),
      ...(call.usage
        ? { usage: { inputTokens: call.usage.inputTokens, outputTokens: call.usage.outputTokens } }
        : {}),
      ms: call.ms,
    };
  });
  const dropped = calls.length - kept.length;
  return { calls: kept, ...(dropped > 0 ? { droppedCalls: dropped } : {}) };
}
