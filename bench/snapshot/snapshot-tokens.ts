/** Snapshot size as the model pays for it: o200k_base tokens (GPT-4o, GPT-4.1 and later). */
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";

/** Tokens in `text`; special-token strings a page happens to contain count as plain text, not errors. */
export function snapshotTokens(text: string): number {
  return countTokens(text, { disallowedSpecial: new Set() });
}
