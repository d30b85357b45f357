import { ClientError } from "../errors.js";
import type { ModelConfiguration } from "../model/index.js";
import type { ExtractProgress } from "./extract-report.js";

/** Options of one `extract` call. All optional. */
export interface ExtractOptions {
  /** The model for this call; default: the client's. */
  model?: ModelConfiguration;
  /** Maximum milliseconds for the whole extraction; the model request in flight is aborted past it. */
  timeout?: number;
  /** CSS or XPath of the one part of the page to read (in any frame or shadow root). */
  selector?: string;
  /** CSS or XPath selectors whose matches (and their descendants) are left out. */
  ignoreSelectors?: string[];
  /** Send a PNG of the viewport to the model with the snapshot. Default false. */
  screenshot?: boolean;
  /** The page to read: a Playwright, Puppeteer or Patchright page; default: the active page. */
  page?: unknown;
  /** Use Loupe Cloud's result cache (CLOUD only; no effect in LOCAL). Default: the client's setting. */
  serverCache?: boolean;
  /**
   * For a page longer than the model's input budget, split into parts: how many parts are sent to the
   * model at once (1–32). Default 4.
   */
  concurrency?: number;
  /**
   * For a split page: the property that identifies an item of the schema's lists (a link, a SKU). Items
   * with the same value are merged into one. A list whose array schema names its own (`itemKey` beside
   * `type: "array"`, or zod 4's `.meta({ itemKey })`) uses that one. Default: equal items found twice
   * where parts overlap are one.
   */
  itemKey?: string;
  /** Called as the parts of a split page are answered: parts done of all, and the merged answer so far. */
  onProgress?: (progress: ExtractProgress) => void;
}

/** The four call forms of `extract` (page text; instruction; schema; instruction and schema), told apart. */
export type ExtractCall =
  | { form: "page-text"; options: ExtractOptions }
  | { form: "text"; instruction: string; options: ExtractOptions }
  | { form: "schema"; instruction: string; schema: unknown; options: ExtractOptions };

const OPTION_KEYS = new Set([
  "model",
  "timeout",
  "selector",
  "ignoreSelectors",
  "screenshot",
  "page",
  "serverCache",
  "concurrency",
  "itemKey",
  "onProgress",
]);

/** The most parts of a split page sent at once. */
export const MAX_CONCURRENCY = 32;

/**
 * Tells the call form from `extract`'s arguments and checks every option, so a typo or a wrong type is
 * a `ClientError` that says what to change rather than an option silently ignored. As a convenience,
 * `extract(instruction, options)` is read as the instruction-only form when the second argument is
 * plainly an options object (only option keys) rather than a schema.
 */
export function parseExtractArguments(args: unknown[]): ExtractCall {
  const [first, second, third] = args;
  if (args.length > 3)
    throw new ClientError("extract() takes at most three arguments: instruction, schema, options.");
  if (first === undefined || isPlainObject(first)) {
    if (args.length > 1)
      throw new ClientError("extract(options) takes only the options object; put the instruction first.");
    return { form: "page-text", options: checkOptions(first ?? {}) };
  }
  if (typeof first !== "string") {
    throw new ClientError(
      `extract()'s first argument must be an instruction (a string) or an options object, not ${describe(first)}.`,
    );
  }
  const instruction = first.trim();
  if (!instruction)
    throw new ClientError(
      "The instruction is empty. Say what to extract, or call extract() for the page text.",
    );
  if (second === undefined || second === null) {
    if (third !== undefined)
      throw new ClientError(
        "extract(instruction, undefined, options): pass a schema or use extract(instruction, options).",
      );
    return { form: "text", instruction, options: {} };
  }
  if (third === undefined && looksLikeOptions(second)) {
    return { form: "text", instruction, options: checkOptions(second) };
  }
  if (typeof second !== "object" && typeof second !== "function") {
    throw new ClientError(
      `extract()'s second argument must be a schema (zod or JSON Schema), not ${describe(second)}.`,
    );
  }
  return { form: "schema", instruction, schema: second, options: checkOptions(third ?? {}) };
}

function checkOptions(value: unknown): ExtractOptions {
  if (!isPlainObject(value))
    throw new ClientError(`extract() options must be an object, not ${describe(value)}.`);
  const unknown = Object.keys(value).filter((key) => !OPTION_KEYS.has(key));
  if (unknown.length) {
    throw new ClientError(
      `Unknown extract() option${unknown.length > 1 ? "s" : ""} ${unknown.map((k) => `"${k}"`).join(", ")}. ` +
        `The options are: ${[...OPTION_KEYS].join(", ")}.`,
    );
  }
  const o = value as Record<string, unknown>;
  if (
    o["timeout"] !== undefined &&
    !(typeof o["timeout"] === "number" && o["timeout"] > 0 && Number.isFinite(o["timeout"]))
  )
    throw new ClientError(
      `timeout must be a positive number of milliseconds, not ${describe(o["timeout"])}.`,
    );
  if (o["selector"] !== undefined && (typeof o["selector"] !== "string" || !o["selector"].trim()))
    throw new ClientError(
      `selector must be a non-empty CSS selector or XPath string, not ${describe(o["selector"])}.`,
    );
  if (
    o["ignoreSelectors"] !== undefined &&
    !(
      Array.isArray(o["ignoreSelectors"]) &&
      o["ignoreSelectors"].every((s) => typeof s === "string" && s.trim())
    )
  )
    throw new ClientError("ignoreSelectors must be an array of non-empty CSS selector or XPath strings.");
  for (const flag of ["screenshot", "serverCache"]) {
    if (o[flag] !== undefined && typeof o[flag] !== "boolean")
      throw new ClientError(`${flag} must be true or false, not ${describe(o[flag])}.`);
  }
  if (
    o["concurrency"] !== undefined &&
    !(
      Number.isInteger(o["concurrency"]) &&
      (o["concurrency"] as number) >= 1 &&
      (o["concurrency"] as number) <= MAX_CONCURRENCY
    )
  )
    throw new ClientError(
      `concurrency must be a whole number from 1 to ${MAX_CONCURRENCY} (parts sent to the model at once), not ${describe(o["concurrency"])}.`,
    );
  if (o["itemKey"] !== undefined && (typeof o["itemKey"] !== "string" || !o["itemKey"].trim()))
    throw new ClientError(
      `itemKey must be the name of a property of the schema's list items, not ${describe(o["itemKey"])}.`,
    );
  if (o["onProgress"] !== undefined && typeof o["onProgress"] !== "function")
    throw new ClientError(`onProgress must be a function, not ${describe(o["onProgress"])}.`);
  if (o["page"] !== undefined && (typeof o["page"] !== "object" || o["page"] === null))
    throw new ClientError(
      `page must be a Playwright, Puppeteer or Patchright page, not ${describe(o["page"])}.`,
    );
  return o as ExtractOptions;
}

function looksLikeOptions(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  // `{}` reads as "no options": as a JSON Schema it would accept anything, which no one means.
  return Object.keys(value).every((key) => OPTION_KEYS.has(key));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return `the string "${value}"`;
  return typeof value === "object" ? "an object" : `${typeof value} ${String(value)}`;
}
