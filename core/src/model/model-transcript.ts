/**
 * What the model saw: each call of an operation as it was sent (system prompt, messages, the schema of a
 * JSON call) and what came back. Images are described (media type and size), never kept: a viewport PNG
 * is hundreds of kilobytes and the text beside it says what the model was asked.
 */
import type { JSONSchema7 } from "@ai-sdk/provider";
import type { ModelMessage } from "ai";
import type { ModelUsage } from "./model-usage.js";

/** One part of a message as sent: its text, or what an image or file was. */
export type TranscriptPart =
  | { type: "text"; text: string }
  | { type: "image"; mediaType: string; bytes: number }
  | { type: "file"; mediaType: string; bytes: number };

/** One message of the conversation as sent. */
export interface TranscriptMessage {
  role: ModelMessage["role"];
  parts: TranscriptPart[];
}

/** One model request and its answer. */
export interface ModelCallTranscript {
  /** `json`: an answer in a schema was asked for; `text`: free text. */
  kind: "json" | "text";
  /** The second call of a schema extraction, after the first answer missed the schema. */
  repair: boolean;
  /** The call answered one part of a page longer than the model's input budget (0-based index). */
  part?: { index: number; count: number };
  /** The call merged the free-text answers of a page's parts. */
  combine?: boolean;
  system: string;
  messages: TranscriptMessage[];
  /** The structured-output schema sent with a JSON call. */
  schema?: JSONSchema7;
  /** The answer as the model wrote it (also on a failed call when the provider returned text). */
  response?: string;
  /** Why the call failed, when it did. */
  error?: string;
  /** Undefined when the call failed before the provider reported usage. */
  usage?: ModelUsage;
  /** Wall-clock duration in milliseconds. */
  ms: number;
}

/** Hears each model call as it ends, failed ones included. */
export type CallRecorder = (call: ModelCallTranscript) => void;

/**
 * A recorder that adds `tags` to every call it hears, for callers that know what a call was for (a repair
 * turn, a part of a page). Undefined when there is nothing to record into.
 */
export function taggedRecorder(
  record: CallRecorder | undefined,
  tags: Partial<Pick<ModelCallTranscript, "repair" | "part" | "combine">>,
): CallRecorder | undefined {
  return record && ((call) => record({ ...call, ...tags }));
}

/** The messages as sent, copied: callers append repair turns to the array they passed. */
export function transcribeMessages(messages: readonly ModelMessage[]): TranscriptMessage[] {
  return messages.map((message) => ({
    role: message.role,
    parts:
      typeof message.content === "string"
        ? [{ type: "text", text: message.content }]
        : message.content.map(transcribePart),
  }));
}

function transcribePart(part: Exclude<ModelMessage["content"], string>[number]): TranscriptPart {
  switch (part.type) {
    case "text":
    case "reasoning":
      return { type: "text", text: part.text };
    case "image":
      return { type: "image", mediaType: part.mediaType ?? "image", bytes: byteSize(part.image) };
    case "file":
      return { type: "file", mediaType: part.mediaType, bytes: byteSize(part.data) };
    default:
      // Tool calls and results: Loupe sends none, but a transcript never drops a part silently.
      return { type: "text", text: JSON.stringify(part) };
  }
}

function byteSize(data: unknown): number {
  if (data instanceof Uint8Array) return data.byteLength;
  if (data instanceof ArrayBuffer) return data.byteLength;
  // Base64 text: three bytes per four characters.
  if (typeof data === "string") return Math.floor((data.length * 3) / 4);
  return 0;
}

/** The calls of one operation, in the order they ended. */
export class ModelTranscript {
  private readonly recorded: ModelCallTranscript[] = [];

  /** Keeps one call (bound: pass it as a {@link CallRecorder}). */
  readonly record: CallRecorder = (call) => {
    this.recorded.push(call);
  };

  /** The calls so far. */
  calls(): ModelCallTranscript[] {
    return [...this.recorded];
  }
}
