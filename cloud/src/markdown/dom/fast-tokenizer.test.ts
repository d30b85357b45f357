import { Parser, Tokenizer } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { FAST_TOKENIZER } from "./fast-tokenizer.js";

/** Every event the parser reports for `html`, written in `chunks` pieces, with the tokenizer class given. */
function events(html: string, tokenizer: typeof Tokenizer, chunks = 1, decodeEntities = false): string[] {
  const seen: string[] = [];
  const parser = new Parser(
    {
      onopentagname: (name) => seen.push(`<${name}`),
      onattribute: (name, value, quote) => seen.push(`@${name}=${value}${quote ?? ""}`),
      ontext: (text) => seen.push(`"${text}"`),
      oncomment: (text) => seen.push(`!${text}`),
      onclosetag: (name, implied) => seen.push(`</${name}${implied ? "?" : ""}`),
      onprocessinginstruction: (name, data) => seen.push(`?${name} ${data}`),
    },
    { decodeEntities, Tokenizer: tokenizer },
  );
  const size = Math.ceil(html.length / chunks);
  for (let start = 0; start < html.length; start += size) parser.write(html.slice(start, start + size));
  parser.end();
  return seen;
}

// What makes a tokenizer skip ahead, and the places where skipping could go wrong: a "<" inside a
// script, "--" and "]]>" look-alikes in comments, quotes inside values, entities, unfinished input.
const PAGES = [
  `<!doctype html><html><head><title>A &amp; B</title><script>if (a < b && c <d) x = "</scr" + "ipt>";</script>` +
    `<style>p > a { color: red }</style></head><body><!-- a -- b -> c --><p class="x 'y'" data-v='a "b"' hidden>` +
    `Text &amp; more &notit; <b>bold</b></p><![CDATA[ x ]]><xmp><p>raw</p></xmp><textarea>a < b</textarea>` +
    `<a href=/plain?x=1&amp;y=2>link</a><img src="a.png" alt="">tail`,
  `<p>an unfinished comment <!-- never closed`,
  `<p>an unfinished value <a href="never closed`,
  `<script>unclosed script < with < signs`,
  `plain text without a single tag`,
  `<div>${"x".repeat(5000)}<span>${"<".repeat(50)}</span></div>`,
];

describe("FAST_TOKENIZER", () => {
  it("is the override with the installed htmlparser2, not its fallback", () => {
    expect(FAST_TOKENIZER).not.toBe(Tokenizer);
  });

  it("reports the same events as htmlparser2's own tokenizer, whole or in chunks, decoding or not", () => {
    for (const page of PAGES)
      for (const chunks of [1, 3, 17])
        for (const decode of [false, true])
          expect(events(page, FAST_TOKENIZER, chunks, decode)).toEqual(
            events(page, Tokenizer, chunks, decode),
          );
  });
});
