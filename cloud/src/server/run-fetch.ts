import { randomUUID } from "node:crypto";
import type { FetchMetadata, FetchResult } from "@loupe/core";
import {
  extractFromDocument,
  type DocumentExtractionResult,
  type ModelConfiguration,
} from "@loupe/core/engine";
import { ClientError, MissingLLMConfigurationError, SchemaValidationError } from "@loupe/core";
import { fetchTarget, TargetFetchError, type FetchedTarget, type FetchPolicy } from "../fetch/index.js";
import type { FetchBody } from "./fetch-body.js";
import { markdownModule } from "./markdown-loader.js";
import { checkRequestSchema } from "./request-body.js";
import { ServiceError, serviceError } from "../errors/service-error.js";

/** What a fetch needs from the server around it. */
export interface FetchDependencies {
  policy: FetchPolicy;
  /** Proxies for `proxies: true` (LOUPE_PROXY_URLS); one is picked per request. */
  proxyUrls: string[];
  /** The server's model, for `format: "json"`. */
  model: ModelConfiguration;
  /** The project the fetch is billed to: its conversions queue in its own line (see the markdown pool). */
  projectId: string;
  /** Aborted when the caller hangs up: the target download, the conversion and the model call stop. */
  signal?: AbortSignal;
  /**
   * Hears each model call of a json fetch as it ends: the tokens a fetch spent before it failed (an
   * answer the schema never met) are metered too. A fetch that succeeds also returns them.
   */
  onModelCall?: (usage: { inputTokens?: number; outputTokens?: number }) => void;
}

/** A fetch's result and what it cost: the bytes it delivered, and a json fetch's model tokens. */
export interface FetchOutcome {
  result: FetchResult;
  bytes: number;
  inputTokens: number;
  outputTokens: number;
}

const NO_TOKENS = { inputTokens: 0, outputTokens: 0 };

const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)\b/i;
const PLAIN_TYPES = /^(text\/plain|text\/markdown)\b/i;

/**
 * Runs one fetch: the target over plain HTTP (no browser, no JavaScript), then the content in the
 * requested format. Returns the result and what it cost, for usage.
 * @throws ServiceError with the code the caller sees.
 */
export async function runFetch(body: FetchBody, deps: FetchDependencies): Promise<FetchOutcome> {
  if (body.proxies && deps.proxyUrls.length === 0)
    throw serviceError(
      "invalid_request",
      "proxies: true, but this server has no proxies configured (LOUPE_PROXY_URLS).",
    );
  await checkRequestSchema(body.schema, "");
  const proxyUrl = body.proxies
    ? deps.proxyUrls[Math.floor(Math.random() * deps.proxyUrls.length)]
    : undefined;

  let target: FetchedTarget;
  try {
    target = await fetchTarget(
      {
        url: body.url,
        allowRedirects: body.allowRedirects,
        allowInsecureSsl: body.allowInsecureSsl,
        ...(proxyUrl ? { proxyUrl } : {}),
        ...(deps.signal ? { signal: deps.signal } : {}),
      },
      deps.policy,
    );
  } catch (error) {
    if (error instanceof TargetFetchError) throw serviceError(error.code, error.message);
    throw error;
  }

  const base = {
    id: `ftc_${randomUUID()}`,
    contentType: target.contentType,
    headers: target.headers,
    statusCode: target.statusCode,
  };
  if (body.format === "raw") {
    return {
      result: { ...base, content: target.content, encoding: target.encoding },
      bytes: target.body.length,
      ...NO_TOKENS,
    };
  }
  const converted = await toMarkdown(target, body.metadata, deps);
  const { markdown } = converted;
  // Asked for, metadata is always there: `{}` when the page states nothing (or is not HTML).
  const stated = body.metadata ? { metadata: converted.metadata ?? {} } : {};
  if (body.format === "markdown") {
    return {
      result: { ...base, content: markdown, encoding: "utf-8", ...stated },
      bytes: Buffer.byteLength(markdown),
      ...NO_TOKENS,
    };
  }
  // A page without readable content (an empty body, or an application shell that builds its page with
  // JavaScript, which a fetch does not run) would send the model an empty document: tokens spent on an
  // answer made of nothing, or invented from the address.
  if (!markdown.trim())
    throw serviceError(
      "extraction_failed",
      `The page at ${target.finalUrl} has no readable content (an empty body, or a page built by ` +
        "JavaScript in the browser, which a fetch does not run), so nothing was sent to the model. " +
        "Open a session and extract there, or fetch it as raw to see what the server answered.",
    );
  const { value, usage } = await extractJson(markdown, target.finalUrl, body.schema ?? {}, deps);
  return {
    result: { ...base, content: value as Record<string, unknown>, encoding: "utf-8", ...stated },
    bytes: Buffer.byteLength(JSON.stringify(value)),
    inputTokens: usage.inputTokens,
    outputTokens: usage.outputTokens,
  };
}

async function toMarkdown(
  target: FetchedTarget,
  metadata: boolean,
  deps: FetchDependencies,
): Promise<{ markdown: string; metadata?: FetchMetadata }> {
  if (target.isPdf)
    throw serviceError(
      "unsupported_conversion",
      "The target is a PDF; PDFs cannot be converted to markdown or json. Fetch it as raw.",
    );
  if (target.encoding === "base64")
    throw serviceError(
      "unsupported_conversion",
      `The target is binary (${target.contentType || "no content type"}); only text can become markdown or json. Fetch it as raw.`,
    );
  if (PLAIN_TYPES.test(target.contentType)) return { markdown: target.content };
  if (!HTML_TYPES.test(target.contentType) && target.contentType !== "") {
    // JSON, XML, CSS…: kept whole, as a code block the model reads as data.
    const language = /json/i.test(target.contentType) ? "json" : /xml/i.test(target.contentType) ? "xml" : "";
    return { markdown: "```" + language + "\n" + target.content + "\n```\n" };
  }
  const { htmlToMarkdown, MarkdownConversionError } = await markdownModule();
  try {
    const options = {
      key: deps.projectId,
      metadata,
      ...(deps.signal ? { signal: deps.signal } : {}),
    };
    return await htmlToMarkdown(target.content, target.finalUrl, options);
  } catch (error) {
    if (error instanceof MarkdownConversionError)
      throw serviceError("extraction_failed", `The page could not be converted: ${error.message}`);
    throw error;
  }
}

async function extractJson(
  markdown: string,
  url: string,
  schema: Record<string, unknown>,
  deps: FetchDependencies,
): Promise<Pick<DocumentExtractionResult, "value" | "usage">> {
  try {
    return await extractFromDocument({
      markdown,
      url,
      schema,
      model: deps.model,
      ...(deps.signal ? { signal: deps.signal } : {}),
      ...(deps.onModelCall ? { onModelCall: deps.onModelCall } : {}),
    });
  } catch (error) {
    if (error instanceof MissingLLMConfigurationError)
      throw new ServiceError(
        503,
        "extraction_failed",
        `This server has no model configured for json: ${error.message}`,
      );
    if (error instanceof SchemaValidationError || error instanceof ClientError)
      throw serviceError("extraction_failed", error.message);
    throw error;
  }
}
