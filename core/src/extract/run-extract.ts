import type { ModelMessage, UserContent } from "ai";
import type { PageSessions } from "../cdp/page-sessions.js";
import type { MetricsRecorder } from "../client/metrics.js";
import type { Logger } from "../log/logger.js";
import { generateTextAnswer, type LanguageModelInstance } from "../model/index.js";
import { EXTRACT_SCHEMA_SYSTEM, EXTRACT_TEXT_SYSTEM, extractUserPrompt } from "../prompts/extract-prompts.js";
import { takeSnapshot, type PageSnapshot } from "../snapshot/page-snapshot.js";
import { abortable } from "./abortable.js";
import type { ExtractCall, ExtractOptions } from "./extract-arguments.js";
import { extractIntoSchema } from "./schema-extraction.js";
import { normalizeSchema } from "./schema/index.js";
import { replaceLinkIdsInText } from "./text-links.js";

/** What an extraction needs from the client around it. */
export interface ExtractDependencies {
  /** Loupe's sessions for the page to read. */
  sessions: PageSessions;
  /** The model for this call, resolved only when a model call is about to be made. */
  resolveModel: (override: ExtractOptions["model"]) => LanguageModelInstance;
  metrics: MetricsRecorder;
  /** Hides secrets (act variables' values) in text sent to the model. */
  redact: (text: string) => string;
  logger: Logger;
  /** Aborts the work; its reason is what the call rejects with. */
  signal: AbortSignal;
}

/**
 * Runs one extraction in any of the call forms: reads the page, then (unless only the page text is asked
 * for) makes one model call, plus one repair turn when the answer does not fit the schema.
 */
export async function runExtract(call: ExtractCall, deps: ExtractDependencies): Promise<unknown> {
  if (call.form === "page-text") return { pageText: (await readPage(call, deps)).text };

  // The caller's mistakes (a schema Loupe cannot read, no model key) are reported before the page is read.
  const schema = call.form === "schema" ? normalizeSchema(call.schema) : undefined;
  const model = deps.resolveModel(call.options.model);
  const snapshot = await readPage(call, deps);
  const screenshot = call.options.screenshot
    ? await abortable(captureViewport(deps.sessions), deps.signal)
    : undefined;
  const user: UserContent = [
    {
      type: "text",
      text: extractUserPrompt(call.instruction, deps.redact(snapshot.text), screenshot !== undefined),
    },
    ...(screenshot ? [{ type: "image" as const, image: screenshot, mediaType: "image/png" }] : []),
  ];
  const messages: ModelMessage[] = [{ role: "user", content: user }];

  if (!schema) {
    const answer = await generateTextAnswer({
      model,
      system: EXTRACT_TEXT_SYSTEM,
      messages,
      signal: deps.signal,
    });
    deps.metrics.recordLlmCall("extract", answer.usage, answer.ms);
    return { extraction: replaceLinkIdsInText(answer.text, snapshot) };
  }
  return extractIntoSchema({
    schema,
    links: snapshot,
    model,
    system: EXTRACT_SCHEMA_SYSTEM,
    messages,
    signal: deps.signal,
    onModelCall: (usage, ms) => deps.metrics.recordLlmCall("extract", usage, ms),
    onRepair: (issues) =>
      deps.logger.log(
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
async function readPage(call: ExtractCall, deps: ExtractDependencies): Promise<PageSnapshot> {
  const started = performance.now();
  const snapshot = await abortable(
    takeSnapshot(deps.sessions, {
      selector: call.options.selector,
      ignoreSelectors: call.options.ignoreSelectors,
    }),
    deps.signal,
  );
  deps.logger.log("debug", "snapshot", "read the page", {
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
