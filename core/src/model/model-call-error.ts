/**
 * How a failed model call is reported: aborts pass through untouched (the caller turns them into its
 * timeout error), everything else becomes an `LLMResponseError` whose message says what to change.
 */
import { APICallError, NoObjectGeneratedError, NoOutputGeneratedError } from "ai";
import { ClientError, LLMResponseError } from "../errors.js";

/**
 * Maps an error thrown by an AI SDK call to what Loupe throws. Returns (rather than throws) so the call
 * site reads `throw toModelCallError(error, signal)`.
 *
 * When `signal` has fired, its `reason` is returned unchanged whatever the SDK threw: the AI SDK and
 * `fetch` may report the abort as a DOMException, a wrapped error or a stream error, but the caller
 * needs to recognise its own abort.
 */
export function toModelCallError(error: unknown, signal: AbortSignal | undefined): unknown {
  if (signal?.aborted) return signal.reason ?? error;
  if (isAbortError(error) || error instanceof ClientError) return error;
  if (NoObjectGeneratedError.isInstance(error)) {
    return new LLMResponseError(
      `The model did not answer with valid JSON${finishNote(error.finishReason)}. ` +
        `Its answer begins: ${preview(error.text)}. Try a model with structured-output support, or a simpler schema.`,
      { cause: error, responseText: error.text },
    );
  }
  if (NoOutputGeneratedError.isInstance(error)) {
    return new LLMResponseError(
      `The model finished without producing an answer. Retry, or use a model with a larger output limit.`,
      { cause: error },
    );
  }
  if (APICallError.isInstance(error)) return fromApiCallError(error);
  const message = error instanceof Error ? error.message : String(error);
  return new LLMResponseError(`The model call failed: ${message}`, { cause: error });
}

function fromApiCallError(error: APICallError): LLMResponseError {
  const status = error.statusCode;
  if (status === undefined) {
    return new LLMResponseError(
      `Could not reach the model provider at ${error.url}: ${sentence(error.message)} ` +
        `Check the network, and with a baseURL that the server is running at that address.`,
      { cause: error },
    );
  }
  return new LLMResponseError(
    `The model provider answered HTTP ${status} (${error.url}): ${sentence(error.message)} ${statusHint(status)}`,
    { cause: error },
  );
}

function statusHint(status: number): string {
  if (status === 401 || status === 403) {
    return "Check the API key (model.apiKey or the provider's environment variable) and its permissions.";
  }
  if (status === 404) return "Check the model id and, with a baseURL, that the server offers this API.";
  if (status === 429)
    return "The provider is rate-limiting this key or its quota is used up; wait, or check the account.";
  if (status >= 500) return "The provider failed on its side; try again later.";
  if (status >= 200 && status < 300) return "The provider's answer was not in the format its API promises.";
  return "The provider rejected the request; the model may not support an option or schema feature used.";
}

/** Provider messages may or may not end in a full stop; ours follow them, so make it exactly one. */
function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function finishNote(finishReason: string | undefined): string {
  if (finishReason === "length") return " (it stopped at its output token limit, so the JSON is cut off)";
  if (finishReason === "content-filter") return " (the provider's content filter stopped it)";
  return "";
}

function preview(text: string | undefined): string {
  if (!text) return "(nothing)";
  const oneLine = text.replace(/\s+/g, " ").trim();
  return JSON.stringify(oneLine.length > 120 ? `${oneLine.slice(0, 120)}…` : oneLine);
}

function isAbortError(error: unknown): boolean {
  return error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError");
}
