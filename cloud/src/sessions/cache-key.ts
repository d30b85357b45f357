import { createHash } from "node:crypto";
import { describeModel, type ModelConfiguration } from "@loupe/core/engine";

/** Everything that determines a server-side extraction's answer. */
export interface CacheKeyParts {
  /** The user message as the model receives it: the instruction and the page snapshot. */
  promptText: string;
  instruction: string;
  /** The schema as the engine reads it; undefined for a free-text answer. */
  jsonSchema: unknown;
  selector: string | undefined;
  ignoreSelectors: string[] | undefined;
  /** The viewport PNG sent with the prompt, when `screenshot` was asked for. */
  screenshot: Uint8Array | undefined;
  model: ModelConfiguration;
  /** The property that identifies list items when a long page's parts are merged. */
  itemKey?: string | undefined;
}

/** Bumped when what goes into the key changes, so old entries are never read with a new meaning. */
const KEY_VERSION = 1;

/**
 * The cache key of an extraction: a SHA-256 over the snapshot text sent to the model, the instruction,
 * the schema (keys sorted, so property order does not matter), the options that change what the model
 * sees, the screenshot's bytes and the model (name, endpoint and options, without its API key). A
 * changed page changes the snapshot text, and with it the key.
 */
export function extractCacheKey(parts: CacheKeyParts): string {
  const material = [
    KEY_VERSION,
    parts.promptText,
    parts.instruction,
    parts.jsonSchema ?? null,
    parts.selector ?? null,
    parts.ignoreSelectors ?? null,
    parts.screenshot ? createHash("sha256").update(parts.screenshot).digest("hex") : null,
    modelIdentity(parts.model),
    // Only when given, so the keys of every other extraction stay what they were.
    ...(parts.itemKey !== undefined ? [{ itemKey: parts.itemKey }] : []),
  ];
  return createHash("sha256").update(stableJson(material)).digest("hex");
}

function modelIdentity(model: ModelConfiguration): unknown {
  if (typeof model === "string") return model.trim();
  if (typeof model === "object" && model !== null && "modelName" in model) {
    const { apiKey: _apiKey, ...rest } = model as Record<string, unknown>;
    return rest;
  }
  // An AI SDK model instance: its provider and model id are what can be told apart.
  return describeModel(model);
}

/** JSON with object keys sorted at every level. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner === null || typeof inner !== "object" || Array.isArray(inner)) return inner;
    return Object.fromEntries(
      Object.keys(inner)
        .sort()
        .map((key) => [key, (inner as Record<string, unknown>)[key]]),
    );
  });
}
