import { ClientError } from "../errors.js";
import type { ModelConfiguration } from "../model/index.js";

/** Options of one `act` call. All optional. */
export interface ActOptions {
  /** The model for this call; default: the client's. */
  model?: ModelConfiguration;
  /** Maximum milliseconds for the whole action; the model request in flight is aborted past it. */
  timeout?: number;
  /** The page to act on: a Playwright, Puppeteer or Patchright page; default: the active page. */
  page?: unknown;
  /**
   * Values for `%name%` placeholders in the action's arguments, filled in after the model answers, so
   * secrets (passwords, card numbers) never reach the model.
   */
  variables?: Record<string, string>;
}

const OPTION_KEYS = new Set(["model", "timeout", "page", "variables"]);

/** Checks `act`'s arguments; a bad one is a `ClientError` that says what to change. */
export function parseActArguments(
  instruction: unknown,
  options: unknown,
): { instruction: string; options: ActOptions } {
  if (typeof instruction !== "string" || !instruction.trim())
    throw new ClientError(
      'act() needs an instruction: a sentence saying what to do, like "click the Sign in button".',
    );
  if (options === undefined) return { instruction: instruction.trim(), options: {} };
  if (typeof options !== "object" || options === null || Array.isArray(options))
    throw new ClientError("act() options must be an object.");
  const o = options as Record<string, unknown>;
  const unknown = Object.keys(o).filter((key) => !OPTION_KEYS.has(key));
  if (unknown.length)
    throw new ClientError(
      `Unknown act() option ${unknown.map((k) => `"${k}"`).join(", ")}. The options are: model, timeout, page, variables.`,
    );
  if (
    o["timeout"] !== undefined &&
    !(typeof o["timeout"] === "number" && o["timeout"] > 0 && Number.isFinite(o["timeout"]))
  )
    throw new ClientError("timeout must be a positive number of milliseconds.");
  if (o["page"] !== undefined && (typeof o["page"] !== "object" || o["page"] === null))
    throw new ClientError("page must be a Playwright, Puppeteer or Patchright page.");
  const variables = o["variables"];
  if (variables !== undefined) {
    if (typeof variables !== "object" || variables === null || Array.isArray(variables))
      throw new ClientError('variables must be an object of names to strings, like { password: "…" }.');
    for (const [name, value] of Object.entries(variables)) {
      if (!/^[A-Za-z_][\w-]*$/.test(name))
        throw new ClientError(
          `The variable name "${name}" cannot be a %placeholder%: use letters, digits, _ and -.`,
        );
      if (typeof value !== "string") throw new ClientError(`The variable "${name}" must be a string.`);
    }
  }
  return { instruction: instruction.trim(), options: o as ActOptions };
}

/** Fills `%name%` placeholders with the variables' values; unknown placeholders are left as written. */
export function fillVariables(text: string, variables: Record<string, string> | undefined): string {
  if (!variables) return text;
  return text.replace(/%([A-Za-z_][\w-]*)%/g, (whole, name: string) =>
    Object.hasOwn(variables, name) ? variables[name]! : whole,
  );
}
