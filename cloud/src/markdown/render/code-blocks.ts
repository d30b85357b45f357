/** Fenced code blocks and inline code spans, with the language a page's highlighter left on the markup. */
import type { LightElement, LightNode } from "../dom/light-dom.js";
import { BLOCK_TAGS, SKIP_TAGS } from "./block-tags.js";
import { withoutMarkers } from "./markdown-text.js";

const LANGUAGE_CLASS = /(?:^|\s)(?:language|lang|highlight-source|brush:?)-?\s*([A-Za-z0-9_+#.-]+)/;
/**
 * The wrapper two levels up names the language plainly: Rouge's (Jekyll's) `language-x
 * highlighter-rouge`, Sphinx's `highlight-x notranslate` (whose `default`, `none` and `text` name none).
 * Only so that far out: a page's `lang-en` there names its readers' language.
 */
const OUTER_LANGUAGE_CLASS = /(?:^|\s)(?:language-|highlight-(?=\S+\s+notranslate\b))([A-Za-z0-9_+#.-]+)/;
const NO_LANGUAGE = new Set(["default", "none", "text"]);

/**
 * The language named by `class="language-x"`, `lang-x`, `highlight-source-x` or `data-lang(uage)`,
 * looked for on the `<pre>`, then its `<code>`, then the wrapper highlighters put around it, then the
 * wrapper of that (see OUTER_LANGUAGE_CLASS).
 */
export function codeLanguage(pre: LightElement): string {
  const code = pre.elementChildren.find((child) => child.tag === "code");
  for (const el of [pre, code, pre.parent]) {
    if (!el) continue;
    const attr = el.attr("data-lang") ?? el.attr("data-language");
    const fromAttr = attr && /^[A-Za-z0-9_+#.-]+$/.test(attr.trim()) ? attr.trim() : null;
    const fromClass = LANGUAGE_CLASS.exec(el.className)?.[1] ?? null;
    const language = fromAttr ?? fromClass;
    if (language) return language.toLowerCase();
  }
  const outer = OUTER_LANGUAGE_CLASS.exec(pre.parent?.parent?.className ?? "")?.[1]?.toLowerCase();
  return outer && !NO_LANGUAGE.has(outer) ? outer : "";
}

/**
 * The text of a `<pre>` as the browser shows it: `<br>` as line breaks, a block inside on lines of its
 * own (highlighters that draw each line as a `<div>`, or as a `<span class="line">`), the parser's
 * first newline dropped. What the renderer skips elsewhere it skips here too: a copy button's label, a
 * script, an editor's hidden `<textarea>` holding the same code again (entities and all).
 */
export function preformattedText(pre: LightElement): string {
  let text = "";
  // Whether the current line holds more than spaces (kept as text grows: no rescans of a long block).
  let lineHasCode = false;
  const append = (chunk: string) => {
    text += chunk;
    const end = chunk.lastIndexOf("\n");
    if (end >= 0) lineHasCode = /\S/.test(chunk.slice(end + 1));
    else lineHasCode ||= /\S/.test(chunk);
  };
  const breakLine = () => {
    if (text && !text.endsWith("\n")) append("\n");
  };
  // Walked with an explicit stack (a hostile page may nest deeply); a block's end is a marker on it.
  const stack: (LightNode | typeof BLOCK_END)[] = [...pre.children].reverse();
  while (stack.length) {
    const node = stack.pop()!;
    if (node === BLOCK_END) breakLine();
    else if (node.type === "text") append(node.data);
    else if (node.tag === "br") append("\n");
    else if (SKIP_TAGS.has(node.tag)) continue;
    else {
      // A table cell sits beside its row's others; its row is a line.
      if (BLOCK_TAGS.has(node.tag) && node.tag !== "td" && node.tag !== "th") {
        breakLine();
        stack.push(BLOCK_END);
      } else if (LINE_CLASS.test(node.className)) {
        // A highlighter's line (`<span class="line">`: Shiki, Prism) is drawn as a block by its style
        // sheet, and some pages leave no newline between them: it starts a line when the line so far
        // holds code (the newline most pages put after it, and the markup's indentation, stay as they are).
        if (lineHasCode) append("\n");
      }
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
    }
  }
  text = text.replace(/\r\n?/g, "\n");
  if (text.startsWith("\n")) text = text.slice(1);
  if (text.endsWith("\n")) text = text.slice(0, -1);
  return text;
}

const BLOCK_END = Symbol("block end");
/**
 * A highlighter's line: `line` (Shiki), `token-line` (Prism React Renderer), `code-line`, or a name
 * ending so — `highlight-line` (GitBook), `gatsby-highlight-code-line` (a highlighted line of Gatsby's
 * Prism plugin, drawn as a block with no newline before the next).
 */
const LINE_CLASS = /(?:^|\s)(?:[\w-]*-)?line(?:\s|$)/;

/** A fenced block; the fence is longer than any backtick run inside. */
export function fencedCodeBlock(text: string, language: string): string {
  const fence = "`".repeat(Math.max(3, longestRun(text, "`") + 1));
  return `${fence}${language}\n${text}\n${fence}`;
}

/** An inline code span; its fence differs from every backtick run inside. */
export function codeSpan(text: string): string {
  const content = withoutMarkers(text).replace(/\s+/g, " ").trim();
  if (!content) return "";
  const fence = "`".repeat(longestRun(content, "`") + 1);
  const pad = content.startsWith("`") || content.endsWith("`") ? " " : "";
  return `${fence}${pad}${content}${pad}${fence}`;
}

function longestRun(text: string, char: string): number {
  let longest = 0;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === char) longest = Math.max(longest, ++run);
    else run = 0;
  }
  return longest;
}
