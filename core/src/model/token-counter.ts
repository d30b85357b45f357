/**
 * Counting a prompt's tokens the way the model will. OpenAI's models use published byte-pair encodings
 * (o200k_base for GPT-4o, GPT-4.1, GPT-5 and the o-series; cl100k_base for GPT-4 and GPT-3.5), counted
 * exactly with gpt-tokenizer (pure JavaScript, no native code). Every other provider's tokenizer is
 * private or not shipped for JavaScript, so their prompts are estimated from their UTF-8 size.
 */

/** Which way a model's tokens are counted. */
export type TokenizerName = "o200k_base" | "cl100k_base" | "estimate";

/** Counts tokens of text the way one model family does. */
export interface TokenCounter {
  readonly name: TokenizerName;
  /** Tokens in `text`. For `estimate`, an upper bound for ordinary page text (see {@link ESTIMATE_BYTES_PER_TOKEN}). */
  count(text: string): number;
}

/**
 * The estimate's divisor: one token per this many UTF-8 bytes. Snapshot text is dense (ids, prices,
 * indentation): on Loupe's snapshot of a 3,000-card shop catalog (807,439 bytes) o200k_base counts
 * 277,114 tokens (2.91 bytes per token) and cl100k_base 279,996 (2.88). 2.4 counts about a fifth more
 * than either, room for tokenizers with smaller vocabularies, so an estimated part errs toward small.
 */
export const ESTIMATE_BYTES_PER_TOKEN = 2.4;

const encoder = new TextEncoder();

const ESTIMATE: TokenCounter = {
  name: "estimate",
  count: (text) => Math.ceil(utf8Length(text) / ESTIMATE_BYTES_PER_TOKEN),
};

const loaded = new Map<TokenizerName, Promise<TokenCounter>>();

/**
 * The counter for a tokenizer. The encodings are large tables (2.4 MB for o200k_base), so each is
 * loaded on first use, once per process, and never for a page that only needs its text.
 */
export function loadTokenCounter(name: TokenizerName): Promise<TokenCounter> {
  if (name === "estimate") return Promise.resolve(ESTIMATE);
  let counter = loaded.get(name);
  if (!counter) {
    counter = (
      name === "o200k_base"
        ? import("gpt-tokenizer/encoding/o200k_base")
        : import("gpt-tokenizer/encoding/cl100k_base")
    ).then(({ countTokens }) => ({
      name,
      // A page may contain the text of a special token ("<|endoftext|>"): it is ordinary text to count.
      count: (text: string) => countTokens(text, { disallowedSpecial: NO_SPECIAL }),
    }));
    loaded.set(name, counter);
  }
  return counter;
}

const NO_SPECIAL = new Set<string>();

function utf8Length(text: string): number {
  // Pure ASCII (most snapshots) needs no encoding pass.
  // eslint-disable-next-line no-control-regex
  return /^[\x00-\x7f]*$/.test(text) ? text.length : encoder.encode(text).length;
}
