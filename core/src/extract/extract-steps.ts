import type { ModelMessage, UserContent } from "ai";
import type { PageSessions } from "../cdp/page-sessions.js";
import type { MetricsRecorder } from "../client/metrics.js";
import { maskError, maskValue, type Mask } from "../client/secret-redactor.js";
import { ClientError } from "../errors.js";
import type { Logger } from "../log/logger.js";
import { generateTextAnswer, type LanguageModelInstance } from "../model/index.js";
import { EXTRACT_SCHEMA_SYSTEM, EXTRACT_TEXT_SYSTEM, extractUserPrompt } from "../prompts/extract-prompts.js";
import { takeSnapshot, type PageSnapshot } from "../snapshot/page-snapshot.js";
import { abortable } from "./abortable.js";
import type { ExtractOptions } from "./extract-arguments.js";
import { extractIntoSchema } from "./schema-extraction.js";
import type { NormalizedSchema } from "./schema/index.js";
import { replaceLinkIdsInText } from "./text-links.js";

/** What reading the page for an extraction needs. */
export interface PageReading {
  sessions: PageSessions;
  /** Hides secrets (act variables' values) in text sent to the model and in what is returned. */
  redact: Mask;
  logger: Logger;
  signal: AbortSignal;
}

/**
 * An extraction with the page read and the prompt built, before any model call: everything that
 * determines the model's answer is here, so Loupe Cloud keys its result cache on it.
 */
export interface PreparedExtract {
  instruction: string;
  /** The snapshot the answer's link ids are resolved against. */
  snapshot: PageSnapshot;
  /** The user message's text exactly as the model receives it (instruction and snapshot, masked). */
  promptText: string;
  /** The viewport PNG sent with the prompt when `screenshot` was asked for. */
  screenshot: Uint8Array | undefined;
}

/** What answering a prepared extraction needs. */
export interface ExtractAnswering {
  model: LanguageModelInstance;
  /** Masks secrets in the answer and in errors (link substitution can bring back a URL that holds one). */
  redact: Mask;
  metrics: MetricsRecorder;
  logger: Logger;
  signal: AbortSignal;
}

/**
 * Reads the page (and the viewport, when asked) and builds the prompt; makes no model call.
 * @throws ClientError for a screenshot of a page that shows a variable's value: pixels cannot be masked.
 */
export async function prepareExtract(
  instruction: string,
  options: ExtractOptions,
  reading: PageReading,
): Promise<PreparedExtract> {
  const snapshot = await readPage(options, reading);
  if (options.screenshot) refuseScreenshotOfSecrets(snapshot.text, reading.redact);
  const screenshot = options.screenshot
    ? await abortable(captureViewport(reading.sessions), reading.signal)
    : undefined;
  const promptText = reading.redact(extractUserPrompt(instruction, snapshot.text, screenshot !== undefined));
  return { instruction, snapshot, promptText, screenshot };
}

/** The page text as the model reads it: secrets masked. */
export async function readPageText(
  options: ExtractOptions,
  reading: PageReading,
): Promise<{ pageText: string }> {
  return { pageText: reading.redact((await readPage(options, reading)).text) };
}

/**
 * Makes the model call(s) of a prepared extraction, with secrets masked in the answer and in any error
 * (a schema miss carries the value received).
 */
export async function answerExtract(
  prepared: PreparedExtract,
  schema: NormalizedSchema | undefined,
  answering: ExtractAnswering,
): Promise<unknown> {
  try {
    return maskValue(await answer(prepared, schema, answering), answering.redact);
  } catch (error) {
    throw maskError(error, answering.redact);
  }
}

function refuseScreenshotOfSecrets(snapshotText: string, redact: Mask): void {
  const masked = redact(snapshotText);
  if (masked === snapshotText) return;
  const names = [...new Set(masked.match(/%[A-Za-z_][\w-]*%/g) ?? [])].filter(
    (name) => !snapshotText.includes(name),
  );
  throw new ClientError(
    `The page shows the value of ${names.join(", ") || "a variable"} (typed by act()), and a screenshot would send it to the model, where page text has it masked. ` +
      "Extract without `screenshot`, or clear the field first.",
  );
}

/**
 * Asks the model about a prepared extraction: one call for a free-text answer (`schema` undefined), or
 * the schema extraction with its one repair turn.
 */
async function answer(
  prepared: PreparedExtract,
  schema: NormalizedSchema | undefined,
  answering: ExtractAnswering,
): Promise<unknown> {
  const user: UserContent = [
    { type: "text", text: prepared.promptText },
    ...(prepared.screenshot
      ? [{ type: "image" as const, image: prepared.screenshot, mediaType: "image/png" }]
      : []),
  ];
  const messages: ModelMessage[] = [{ role: "user", content: user }];
  if (!schema) {
    const answer = await generateTextAnswer({
      model: answering.model,
      system: EXTRACT_TEXT_SYSTEM,
      messages,
      signal: answering.signal,
    });
    answering.metrics.recordLlmCall("extract", answer.usage, answer.ms);
    return { extraction: replaceLinkIdsInText(answer.text, prepared.snapshot) };
  }
  return extractIntoSchema({
    schema,
    links: prepared.snapshot,
    model: answering.model,
    system: EXTRACT_SCHEMA_SYSTEM,
    messages,
    signal: answering.signal,
    onModelCall: (usage, ms) => answering.metrics.recordLlmCall("extract", usage, ms),
    onRepair: (issues) =>
      answering.logger.log(
        "info",
        "extract",
        "the answer does not fit the schema; asking the model to repair it",
        {
          issues: issues.length,
        },
      ),
  });
}

/** The snapshot the call asks for, within the call's time limit. */
export async function readPage(options: ExtractOptions, reading: PageReading): Promise<PageSnapshot> {
  const started = performance.now();
  const snapshot = await abortable(
    takeSnapshot(reading.sessions, {
      selector: options.selector,
      ignoreSelectors: options.ignoreSelectors,
    }),
    reading.signal,
  );
  reading.logger.log("debug", "snapshot", "read the page", {
    ms: Math.round(performance.now() - started),
    chars: snapshot.text.length,
    elements: snapshot.elements.size,
  });
  return snapshot;
}

async function captureViewport(sessions: PageSessions): Promise<Uint8Array> {
  const { data } = await sessions.root.send<{ data: string }>("Page.captureScreenshot", { format: "png" });
  return Buffer.from(data, "base64");
}
