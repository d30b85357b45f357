/**
 * MathML as TeX between dollar signs, the way GitHub's markdown and most readers of markdown write
 * formulas: `$ax^2+bx+c$`, not the MathML's bare text "ax2+bx+c", which loses every superscript,
 * fraction and root. The TeX the page's typesetter kept beside its MathML (KaTeX's and MathJax's
 * `application/x-tex` annotation, Wikipedia's `alttext`) is used as written; other MathML (MathJax 3's
 * assistive copy) is read into TeX element by element.
 */
import type { LightElement, LightNode } from "../dom/light-dom.js";
import { withoutMarkers } from "./markdown-text.js";

/** A `<math>` element as markdown: `$tex$`, or `$$tex$$` for a formula displayed as a block. */
export function mathMarkdown(math: LightElement): string {
  // A `<` before a letter would read as the start of an HTML tag: TeX's `\lt` says the same.
  const tex = withoutMarkers(sourceTex(math) ?? readTex(math))
    .replace(/\s+/g, " ")
    .replace(/<(?=[A-Za-z/!?])/g, "\\lt ")
    .trim();
  if (!tex) return "";
  const fence = math.attr("display") === "block" ? "$$" : "$";
  return `${fence}${tex}${fence}`;
}

/** The TeX a typesetter kept with the MathML, if any. */
function sourceTex(math: LightElement): string | undefined {
  const stack: LightNode[] = [...math.children];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type === "text") continue;
    if (node.tag === "annotation" && /^application\/(?:x-)?tex$/i.test(node.attr("encoding") ?? ""))
      return node.textContent;
    // One at a time: spreading a hostile element's 100,000 children would overflow the call's arguments.
    for (const child of node.children) stack.push(child);
  }
  // Wikipedia wraps its formulas in `{\displaystyle …}`.
  const alt = math.attr("alttext")?.trim();
  return alt ? alt.replace(/^\{\\(?:displaystyle|textstyle)\b([\s\S]*)\}$/, "$1").trim() : undefined;
}

/**
 * MathML's presentation elements read as TeX: scripts, fractions and roots as TeX writes them, other
 * elements as their parts in order. Iterative, so a hostile page's deep nesting cannot overflow the
 * stack: each element's parts are read first, then joined.
 */
function readTex(math: LightElement): string {
  const done = new Map<LightElement, string>();
  const stack: { el: LightElement; entered: boolean }[] = [{ el: math, entered: false }];
  while (stack.length) {
    const frame = stack[stack.length - 1]!;
    const children = frame.el.children.filter((child): child is LightElement => child.type === "element");
    if (!frame.entered) {
      frame.entered = true;
      for (const child of children) if (!SKIPPED.has(child.tag)) stack.push({ el: child, entered: false });
      continue;
    }
    stack.pop();
    const el = frame.el;
    if (TOKENS.has(el.tag) || !children.length) {
      done.set(el, el.textContent.trim());
      continue;
    }
    const parts = children.filter((child) => !SKIPPED.has(child.tag)).map((child) => done.get(child) ?? "");
    done.set(el, joined(el.tag, parts));
  }
  return done.get(math) ?? "";
}

/** Elements whose text is the token itself. */
const TOKENS = new Set(["mi", "mn", "mo", "mtext", "ms"]);
/** Elements that are not the formula's presentation. */
const SKIPPED = new Set(["annotation", "annotation-xml", "mprescripts", "none"]);

function joined(tag: string, parts: string[]): string {
  const [a = "", b = "", c = ""] = parts;
  switch (tag) {
    case "msup":
      return `${group(a)}^${group(b)}`;
    case "msub":
      return `${group(a)}_${group(b)}`;
    case "msubsup":
      return `${group(a)}_${group(b)}^${group(c)}`;
    case "mfrac":
      return `\\frac{${a}}{${b}}`;
    case "msqrt":
      return `\\sqrt{${parts.join("")}}`;
    case "mroot":
      return `\\sqrt[${b}]{${a}}`;
    case "mover":
      return `\\overset{${b}}{${a}}`;
    case "munder":
      return `\\underset{${b}}{${a}}`;
    case "munderover":
      return `\\underset{${b}}{\\overset{${c}}{${a}}}`;
    case "mtr":
      return parts.join(" & ");
    case "mtable":
      return `\\begin{matrix}${parts.join(" \\\\ ")}\\end{matrix}`;
    default:
      return parts.join("");
  }
}

/** A script's base or script: braced unless it is one character. */
function group(tex: string): string {
  return [...tex].length === 1 ? tex : `{${tex}}`;
}
