/**
 * A request the scripted model server received, with helpers that read the prompt out of either
 * OpenAI request shape (chat completions' `messages`, the Responses API's `instructions` + `input`), so
 * a test can assert on the exact text the model saw without caring which endpoint carried it.
 */
import type { IncomingHttpHeaders } from "node:http";

/** The two OpenAI endpoints the server answers. */
export type ModelEndpoint = "chat" | "responses";

/** One message of the prompt, reduced to its role and its text parts. */
export interface PromptMessage {
  /** `"system"`, `"developer"`, `"user"`, `"assistant"` or `"tool"`. */
  role: string;
  /** The message's text parts, joined by a newline. */
  text: string;
  /** How many image parts the message carried. */
  images: number;
}

/** A request as the server recorded it. */
export interface RecordedModelRequest {
  endpoint: ModelEndpoint;
  /** The parsed JSON body. */
  body: Record<string, unknown>;
  headers: IncomingHttpHeaders;
  /** True once the client closed the connection before the server finished answering. */
  aborted: boolean;
  /** The prompt's messages in order, system instructions first. */
  messages(): PromptMessage[];
  /** The text of every message (system and user alike), joined by a blank line. */
  text(): string;
  /** Whether any message carried an image part. */
  hasImage(): boolean;
}

/** Records a request; `aborted` is flipped later by the server. */
export function recordRequest(
  endpoint: ModelEndpoint,
  body: Record<string, unknown>,
  headers: IncomingHttpHeaders,
): RecordedModelRequest {
  return {
    endpoint,
    body,
    headers,
    aborted: false,
    messages: () => promptMessages(endpoint, body),
    text: () =>
      promptMessages(endpoint, body)
        .map((m) => m.text)
        .join("\n\n"),
    hasImage: () => promptMessages(endpoint, body).some((m) => m.images > 0),
  };
}

function promptMessages(endpoint: ModelEndpoint, body: Record<string, unknown>): PromptMessage[] {
  const messages: PromptMessage[] = [];
  if (endpoint === "responses" && typeof body["instructions"] === "string") {
    messages.push({ role: "system", text: body["instructions"], images: 0 });
  }
  const items = endpoint === "chat" ? body["messages"] : body["input"];
  if (typeof items === "string") messages.push({ role: "user", text: items, images: 0 });
  if (Array.isArray(items)) {
    for (const item of items) {
      // Responses API input also holds tool calls and their outputs, which have no role.
      if (!isRecord(item) || typeof item["role"] !== "string") continue;
      messages.push({ role: item["role"], ...readContent(item["content"]) });
    }
  }
  return messages;
}

function readContent(content: unknown): { text: string; images: number } {
  if (typeof content === "string") return { text: content, images: 0 };
  if (!Array.isArray(content)) return { text: "", images: 0 };
  const texts: string[] = [];
  let images = 0;
  for (const part of content) {
    if (!isRecord(part)) continue;
    // chat: "text" / "image_url"; responses: "input_text" / "output_text" / "input_image".
    if (typeof part["text"] === "string") texts.push(part["text"]);
    if (part["type"] === "image_url" || part["type"] === "input_image") images += 1;
  }
  return { text: texts.join("\n"), images };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
