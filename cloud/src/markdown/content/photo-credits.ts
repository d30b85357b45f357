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

export function removePhotoCredits(root: LightElement): void {
  const doomed = new Set<LightElement>();
  forEachDescendant(root, (node) => {
    if (node.type === "text") return false;
    if (node.tag === "pre" || node.tag === "code") return false;
    if (node.stats.nonSpace > MAX_CREDIT_CHARS || INLINE_TAGS.has(node.tag)) return true;
    const text = node.textContent.replace(/\s+/g, " ").trim();
    if (CREDIT_START.test(text) || CREDIT_END.test(text)) {
      doomed.add(node);
      return false;
    }
    return true;
  });
  removeNodes(doomed);
}
