/**
 * htmlparser2's tokenizer with one loop made native. When it waits for one character (the `<` that
 * ends a text or a script's body, the quote that ends an attribute value, the `>` that ends a comment)
 * it skips ahead with `fastForwardTo`, a `charCodeAt` loop in JavaScript; `String.prototype.indexOf`
 * finds the same character several times faster. With entities decoded after the tokenizer (see
 * parse-document.ts), whose decoder otherwise reads text and attribute values a character at a time,
 * most of a page is skipped this way: measured on WCXB's 1,497 dev pages, tokenizing went from 9.0–10.2 s
 * to 5.1–6.0 s, with the same events.
 *
 * The override relies on three fields the class keeps private (`buffer`, `index`, `offset`) and on
 * the method's contract, written out below. htmlparser2 accepts a tokenizer class in its options for
 * such uses; if a release renames these, `FAST_TOKENIZER` is htmlparser2's own class (checked once,
 * below) and only the speed is lost, and the test beside this file fails.
 */
import { Tokenizer } from "htmlparser2";

/** The tokenizer's state this override reads and writes (private in htmlparser2's typings). */
interface TokenizerState {
  buffer: string;
  index: number;
  offset: number;
}

/**
 * Moves `index` to the next occurrence of `code` after it and returns true; when there is none, moves
 * it to the buffer's last character and returns false (the tokenizer's main loop then steps past the
 * end). The contract of htmlparser2 10's own `fastForwardTo`.
 */
function fastForwardTo(this: TokenizerState, code: number): boolean {
  const found = this.buffer.indexOf(String.fromCharCode(code), this.index + 1 - this.offset);
  if (found >= 0) {
    this.index = found + this.offset;
    return true;
  }
  this.index = this.buffer.length + this.offset - 1;
  return false;
}

class IndexOfTokenizer extends Tokenizer {}
Object.defineProperty(IndexOfTokenizer.prototype, "fastForwardTo", { value: fastForwardTo });

/** Whether htmlparser2's tokenizer still has the method and fields the override expects. */
function overridable(): boolean {
  if (typeof (Tokenizer.prototype as unknown as Record<string, unknown>)["fastForwardTo"] !== "function")
    return false;
  const probe = new Tokenizer({}, {} as ConstructorParameters<typeof Tokenizer>[1]) as unknown as Partial<
    Record<keyof TokenizerState, unknown>
  >;
  return (
    typeof probe.buffer === "string" && typeof probe.index === "number" && typeof probe.offset === "number"
  );
}

/** The tokenizer class for htmlparser2's `Tokenizer` option. */
export const FAST_TOKENIZER: typeof Tokenizer = overridable() ? IndexOfTokenizer : Tokenizer;
