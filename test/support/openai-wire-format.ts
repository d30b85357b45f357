/**
 * OpenAI's wire format for answers, errors and streams, for both chat completions and the Responses API.
 * Kept to what OpenAI really sends (ids, `object`, `status`, usage details) so the real AI SDK parsers
 * accept it exactly as they accept OpenAI.
 */

/** Token counts a scripted answer reports. */
export interface WireUsage {
  input: number;
  output: number;
  /** Input tokens read from the prompt cache. */
  cached?: number;
  /** Output tokens spent on reasoning. */
  reasoning?: number;
}

/** One answer to put on the wire. */
export interface WireAnswer {
  /** Unique per request, to build ids from. */
  serial: number;
  /** The model id the request named, echoed back as OpenAI does. */
  model: string;
  text: string;
  usage: WireUsage;
}

/** One server-sent event. Chat completions send only `data`; the Responses API also names the event. */
export interface SseEvent {
  event?: string;
  data: unknown;
}

/** OpenAI's error body: `{ error: { message, type, param, code } }`. */
export function openAIErrorBody(error: { message: string; type?: string; code?: string }): unknown {
  return {
    error: {
      message: error.message,
      type: error.type ?? "invalid_request_error",
      param: null,
      code: error.code ?? null,
    },
  };
}

/** A non-streaming `POST /v1/chat/completions` answer. */
export function chatCompletion(answer: WireAnswer): unknown {
  return {
    id: `chatcmpl-${answer.serial}`,
    object: "chat.completion",
    created: nowSeconds(),
    model: answer.model,
    choices: [
      {
        index: 0,
        message: { role: "assistant", content: answer.text, refusal: null, annotations: [] },
        logprobs: null,
        finish_reason: "stop",
      },
    ],
    usage: chatUsage(answer.usage),
    service_tier: "default",
    system_fingerprint: null,
  };
}

/** The events of a streamed chat completion; the usage chunk only when the request asked for it. */
export function chatCompletionEvents(answer: WireAnswer, includeUsage: boolean): SseEvent[] {
  const base = {
    id: `chatcmpl-${answer.serial}`,
    object: "chat.completion.chunk",
    created: nowSeconds(),
    model: answer.model,
  };
  const events: SseEvent[] = [
    {
      data: {
        ...base,
        choices: [
          { index: 0, delta: { role: "assistant", content: "" }, logprobs: null, finish_reason: null },
        ],
      },
    },
    ...slices(answer.text).map((piece) => ({
      data: {
        ...base,
        choices: [{ index: 0, delta: { content: piece }, logprobs: null, finish_reason: null }],
      },
    })),
    { data: { ...base, choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: "stop" }] } },
  ];
  if (includeUsage) events.push({ data: { ...base, choices: [], usage: chatUsage(answer.usage) } });
  events.push({ data: "[DONE]" });
  return events;
}

/** A non-streaming `POST /v1/responses` answer. */
export function responsesResponse(answer: WireAnswer): unknown {
  return {
    ...responseObject(answer, "completed"),
    output: [messageItem(answer, "completed")],
    usage: responsesUsage(answer.usage),
  };
}

/** The events of a streamed Responses API answer, in OpenAI's order. */
export function responsesEvents(answer: WireAnswer): SseEvent[] {
  const itemId = `msg_${answer.serial}`;
  const position = { item_id: itemId, output_index: 0, content_index: 0 };
  const inProgress = { ...responseObject(answer, "in_progress"), output: [], usage: null };
  const pieces = slices(answer.text);
  const events: Array<{ type: string } & Record<string, unknown>> = [
    { type: "response.created", response: inProgress },
    { type: "response.in_progress", response: inProgress },
    {
      type: "response.output_item.added",
      output_index: 0,
      item: { ...messageItem(answer, "in_progress"), content: [] },
    },
    {
      type: "response.content_part.added",
      ...position,
      part: { type: "output_text", text: "", annotations: [] },
    },
    ...pieces.map((delta) => ({ type: "response.output_text.delta", ...position, delta, logprobs: [] })),
    { type: "response.output_text.done", ...position, text: answer.text, logprobs: [] },
    {
      type: "response.content_part.done",
      ...position,
      part: { type: "output_text", text: answer.text, annotations: [] },
    },
    { type: "response.output_item.done", output_index: 0, item: messageItem(answer, "completed") },
    { type: "response.completed", response: responsesResponse(answer) },
  ];
  return events.map((data, sequence) => ({ event: data.type, data: { ...data, sequence_number: sequence } }));
}

/** Serialises events in the `text/event-stream` format. */
export function toSse(events: SseEvent[]): string {
  return events
    .map(
      (e) =>
        `${e.event ? `event: ${e.event}\n` : ""}data: ${typeof e.data === "string" ? e.data : JSON.stringify(e.data)}\n\n`,
    )
    .join("");
}

function responseObject(answer: WireAnswer, status: "in_progress" | "completed"): Record<string, unknown> {
  return {
    id: `resp_${answer.serial}`,
    object: "response",
    created_at: nowSeconds(),
    status,
    error: null,
    incomplete_details: null,
    model: answer.model,
    service_tier: "default",
  };
}

function messageItem(answer: WireAnswer, status: "in_progress" | "completed"): Record<string, unknown> {
  return {
    type: "message",
    id: `msg_${answer.serial}`,
    status,
    role: "assistant",
    content: [{ type: "output_text", text: answer.text, annotations: [], logprobs: [] }],
  };
}

function chatUsage(usage: WireUsage): unknown {
  return {
    prompt_tokens: usage.input,
    completion_tokens: usage.output,
    total_tokens: usage.input + usage.output,
    prompt_tokens_details: { cached_tokens: usage.cached ?? 0 },
    completion_tokens_details: { reasoning_tokens: usage.reasoning ?? 0 },
  };
}

function responsesUsage(usage: WireUsage): unknown {
  return {
    input_tokens: usage.input,
    input_tokens_details: { cached_tokens: usage.cached ?? 0 },
    output_tokens: usage.output,
    output_tokens_details: { reasoning_tokens: usage.reasoning ?? 0 },
    total_tokens: usage.input + usage.output,
  };
}

/** Splits a streamed answer into a few deltas, so clients really have to join them. */
function slices(text: string): string[] {
  const size = Math.max(1, Math.ceil(text.length / 3));
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
  return pieces;
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
