/**
 * A picture's credit line ("Photo: Jane Doe", "Image credit: Example Studio", "Photo by Jane Doe on
 * Unsplash", "… / Getty Images") names who made the picture, which the page's text is not: the line
 * goes, with a caption written on the same line as the agency's name. Told by how the line starts (a
 * picture word and a colon or 'by', 'Credit:') or ends (a stock agency), in a block of a line's length;
 * code (a manifest's `image: nginx`) is never one.
 */
import { forEachDescendant, removeNodes, type LightElement } from "../dom/light-dom.js";
import { INLINE_TAGS } from "./content-mass.js";

const CREDIT_START =
  /^(?:(?:photo|image|picture|photograph|illustration)s?(?: credits?)?\s*(?::|by\b)|credits?\s*:)/i;
const CREDIT_END =
  /(?:getty images|shutterstock|istock(?:photo)?|unsplash|pexels|pixabay|adobe stock|alamy|depositphotos)[\s)\]*_.]*$/i;

/** The most text a credit line's block may have: longer, it is a paragraph that names an agency. */
const MAX_CREDIT_CHARS = 200;

/**
 * A word every credit line has (its opening picture word or 'credit', or an agency's name), found in one
 * text node: only blocks holding one are read whole.
 */
const CREDIT_WORD =
  /photo|image|picture|illustration|credit|getty|shutterstock|istock|unsplash|pexels|pixabay|adobe\s+stock|alamy|depositphotos/i;

export function removePhotoCredits(root: LightElement): void {
  const candidates = holdersOfCreditWords(root);
  if (!candidates.size) return;
  const doomed = new Set<LightElement>();
  // Each short block's text, built once from its children's: the walk goes on into a block that is
  // not a credit, and reading each block's whole text anew cost a walk of its subtree per block
  // (quadratic on a page nested thousands deep).
  const texts = new Map<LightElement, string>();
  forEachDescendant(root, (node) => {
    if (node.type === "text" || !candidates.has(node)) return false;
    if (node.tag === "pre" || node.tag === "code") return false;
    if (node.stats.nonSpace > MAX_CREDIT_CHARS || INLINE_TAGS.has(node.tag)) return true;
    const text = collapsedText(node, texts).trim();
    if (CREDIT_START.test(text) || CREDIT_END.test(text)) {
      doomed.add(node);
      return false;
    }
    return true;
  });
  removeNodes(doomed);
}

/** The elements under `root` with a text node holding a credit word somewhere inside them. */
function holdersOfCreditWords(root: LightElement): Set<LightElement> {
  const holders = new Set<LightElement>();
  forEachDescendant(root, (node) => {
    if (node.type === "element") return true;
    if (!CREDIT_WORD.test(node.data)) return false;
    for (let el = node.parent; el && el !== root && !holders.has(el); el = el.parent) holders.add(el);
    return false;
  });
  return holders;
}

/**
 * `el.textContent` with each run of whitespace as one space, from `texts` where a descendant's is
 * already there; every element below `el` gets its own in `texts`. Without recursion: a hostile page
 * nests deeper than the stack.
 */
function collapsedText(el: LightElement, texts: Map<LightElement, string>): string {
  const known = texts.get(el);
  if (known !== undefined) return known;
  const stack: { el: LightElement; i: number; text: string }[] = [{ el, i: 0, text: "" }];
  for (;;) {
    const frame = stack[stack.length - 1]!;
    const child = frame.el.children[frame.i++];
    if (child) {
      const text = child.type === "text" ? child.data : texts.get(child);
      if (text !== undefined) frame.text += text;
      else stack.push({ el: child as LightElement, i: 0, text: "" });
      continue;
    }
    // Collapsing the children's collapsed texts gives what collapsing the whole text would.
    const text = frame.text.replace(/\s+/g, " ");
    texts.set(frame.el, text);
    stack.pop();
    const parent = stack[stack.length - 1];
    if (!parent) return text;
    parent.text += text;
  }
}
