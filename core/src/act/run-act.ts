import type { JSONSchema7 } from "@ai-sdk/provider";
import type { ModelMessage } from "ai";
import type { PageSessions, TargetSession } from "../cdp/page-sessions.js";
import type { MetricsRecorder } from "../client/metrics.js";
import { ClientError, LLMResponseError } from "../errors.js";
import { abortable, abortablePageRead } from "../extract/abortable.js";
import type { Logger } from "../log/logger.js";
import { generateJson, type CallRecorder, type LanguageModelInstance } from "../model/index.js";
import { ACT_SYSTEM, actRetryPrompt, actUserPrompt } from "../prompts/act-prompts.js";
import { takeSnapshot } from "../snapshot/page-snapshot.js";
import { maskError, maskValue, type Mask } from "../client/secret-redactor.js";
import { fillVariables, type ActOptions } from "./act-arguments.js";
import { callMask, changedSecret, describeDone } from "./action-report.js";
import { ACT_METHODS, isActMethod, type ActMethod } from "./act-methods.js";
import { waitForSettled } from "./page-settle.js";
import { ActionFailure, performAction } from "./perform-action.js";

/** The action `act` performed (or would have). */
export interface ActAction {
  /** The element's id in the snapshot, like `0-12`. */
  elementId: string;
  method: ActMethod;
  /** The arguments as the model wrote them: `%name%` placeholders stay placeholders here. */
  arguments: string[];
  /** The model's words for what it does. */
  description: string;
  /** Finds the element again without a model: an XPath, chained into frames and shadow roots (see `reusableSelector`). */
  selector: string;
}

/** What `act` answers. */
export interface ActResult {
  /** Whether the action was performed. */
  success: boolean;
  /** What happened, in words. */
  message: string;
  /** The action; absent when no element fitted the instruction. */
  action?: ActAction;
}

/** What an action needs from the client around it. */
export interface ActDependencies {
  sessions: PageSessions;
  resolveModel: (override: ActOptions["model"]) => LanguageModelInstance;
  metrics: MetricsRecorder;
  /**
   * Hides secrets (act variables' values, this call's included) in text sent to the model and in what
   * the call returns, logs or throws.
   */
  redact: Mask;
  /** Masks, from now on, what a field shows of a variable's value when the page changed it. */
  rememberShown: (name: string, shown: string) => void;
  logger: Logger;
  signal: AbortSignal;
  /** Hears each model call as sent and answered, failed ones included (what the model saw). */
  record?: CallRecorder;
  /** Hears the element an action is about to be performed on (the Studio highlights it afterwards). */
  onElement?: (element: ActedElement) => void;
}

/** The element an action is performed on, as CDP knows it. */
export interface ActedElement {
  session: TargetSession;
  backendNodeId: number;
  frameId: string;
}

/** Settling before reading the page, and after acting so the next call sees the effect. */
const SETTLE_BEFORE = { timeoutMs: 3_000, quietMs: 300 };
const SETTLE_AFTER = { timeoutMs: 1_500, quietMs: 200 };

const ANSWER_SCHEMA: JSONSchema7 = {
  type: "object",
  properties: {
    elementId: {
      type: ["string", "null"],
      description:
        "The id of the element to act on, exactly as in square brackets (like 0-12); null when none fits",
    },
    method: { type: ["string", "null"], enum: [...ACT_METHODS, null] },
    arguments: { type: "array", items: { type: "string" } },
    description: {
      type: "string",
      description: "One short sentence: what the action does, or why no element fits",
    },
  },
  required: ["elementId", "method", "arguments", "description"],
  additionalProperties: false,
};

interface Choice {
  elementId: string | null;
  method: ActMethod | null;
  arguments: string[];
  description: string;
}

/**
 * Performs one action: settle, read the page, ask the model for one element and method, perform it with
 * real input. If the action cannot be performed, the page is read again and the model asked once more;
 * a second failure is a `ClientError` that names the element and the reason.
 *
 * Variables' values never appear in what it returns or throws: the message names `%name%` instead, and
 * a field's value is quoted only where every secret in it can be masked.
 */
export async function runAct(
  instruction: string,
  options: ActOptions,
  deps: ActDependencies,
): Promise<ActResult> {
  try {
    return await act(instruction, options, deps);
  } catch (error) {
    throw maskError(error, deps.redact);
  }
}

async function act(instruction: string, options: ActOptions, deps: ActDependencies): Promise<ActResult> {
  const model = deps.resolveModel(options.model);
  const variableNames = Object.keys(options.variables ?? {});
  const messages: ModelMessage[] = [];
  let failure: { choice: string; reason: string } | undefined;

  for (let attempt = 1; attempt <= 2; attempt++) {
    await abortablePageRead(waitForSettled(deps.sessions, SETTLE_BEFORE), deps.signal);
    const snapshot = await abortablePageRead(takeSnapshot(deps.sessions), deps.signal);
    messages.push({
      role: "user",
      // The whole message is masked: the page shows typed values, and a reason may quote the page.
      content: deps.redact(
        failure
          ? `${actRetryPrompt(failure.choice, failure.reason)}\n\nPage snapshot:\n${snapshot.text}`
          : actUserPrompt(instruction, snapshot.text, variableNames),
      ),
    });
    const answer = await generateJson({
      model,
      system: ACT_SYSTEM,
      messages,
      schema: ANSWER_SCHEMA,
      schemaName: "action",
      signal: deps.signal,
      // The second attempt is act's repair turn: the first choice failed on the page.
      ...(deps.record ? { record: (call) => deps.record?.({ ...call, repair: attempt > 1 }) } : {}),
    });
    deps.metrics.recordLlmCall("act", answer.usage, answer.ms);
    messages.push({ role: "assistant", content: answer.text });
    const choice = readChoice(answer.value, answer.text);

    if (choice.elementId === null || choice.method === null) {
      return {
        success: false,
        message: deps.redact(choice.description || "No element on the page fits the instruction."),
      };
    }
    const element = snapshot.elements.get(choice.elementId);
    const label = element
      ? `${element.role}${element.name ? ` "${element.name}"` : ""} [${choice.elementId}]`
      : `[${choice.elementId}]`;
    const args = {
      written: choice.arguments,
      filled: choice.arguments.map((argument) => fillVariables(argument, options.variables)),
    };
    const mask = callMask(args, deps.redact);
    if (!element) {
      failure = { choice: `${choice.method} on ${label}`, reason: `${label} is not an id in the snapshot` };
    } else {
      // Taken before acting: the action may remove the element (a "Close" button, a submitted form).
      const selector = await snapshot.selectorOf(choice.elementId).catch(() => "");
      const session = snapshot.sessionOf(choice.elementId) ?? deps.sessions.root;
      // The last point where stopping leaves the page as it was: a cancel or timeout that lands while the
      // model's answer is being read must not be followed by the action.
      deps.signal.throwIfAborted();
      deps.onElement?.({ session, backendNodeId: element.backendNodeId, frameId: element.frameId });
      try {
        const done = await performAction(
          { session, backendNodeId: element.backendNodeId, role: element.role, root: deps.sessions.root },
          choice.method,
          args.filled,
        );
        const changed = changedSecret(choice.method, done, args);
        if (changed) deps.rememberShown(changed.name, changed.shown);
        // The action is done: running out of time now only cuts this wait short, it does not undo the action.
        await abortable(waitForSettled(deps.sessions, SETTLE_AFTER), deps.signal).catch((error: unknown) => {
          if (!deps.signal.aborted) throw error;
        });
        return {
          success: true,
          message: `${mask(`${capitalize(choice.method)} on ${label}`)}: ${describeDone(done, args, mask)}.`,
          action: {
            elementId: choice.elementId,
            method: choice.method,
            arguments: maskValue(choice.arguments, deps.redact),
            description: deps.redact(choice.description),
            selector,
          },
        };
      } catch (error) {
        if (!(error instanceof ActionFailure)) throw error;
        // The reason may quote an argument (an unknown key, a bad scroll fraction) that a variable filled.
        failure = { choice: `${choice.method} on ${label}`, reason: mask(error.message) };
      }
    }
    deps.logger.log("info", "act", `the action could not be performed: ${deps.redact(failure.reason)}`, {
      attempt,
    });
  }
  throw new ClientError(
    `act() could not perform "${instruction}": ${failure?.choice} failed twice; the last time because ${failure?.reason}. ` +
      "Make the instruction more specific, or wait for the page to be ready.",
  );
}

function readChoice(value: unknown, text: string): Choice {
  const v = value as Partial<Record<keyof Choice, unknown>> | null;
  const elementId = typeof v?.elementId === "string" ? v.elementId.replace(/^\[|\]$/g, "").trim() : null;
  const method = v?.method ?? null;
  if (method !== null && !isActMethod(method))
    throw new LLMResponseError(`The model chose the method "${String(method)}", which act() does not have.`, {
      responseText: text,
    });
  const args = Array.isArray(v?.arguments) ? v.arguments.map(String) : [];
  return {
    elementId: elementId || null,
    method,
    arguments: args,
    description: typeof v?.description === "string" ? v.description : "",
  };
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
