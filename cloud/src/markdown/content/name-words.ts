/**
 * The words of an element's class names and id, which is how a page says what a part of it is
 * (`post-shareBar_top` → post, share, bar, top), and the words among them that mark a discussion: read
 * both by the furniture rules (boilerplate.ts) and by the thread detection (link-discussion.ts).
 */
import type { LightElement } from "../dom/light-dom.js";

/** Comments and replies are a forum's content; on other pages they are furniture. */
export const DISCUSSION_WORDS = new Set([
  "comment",
  "comments",
  "commentlist",
  "replies",
  "respond",
  "discussion",
]);

/**
 * An id of more words than this is a heading made into an anchor (`sharing-with-a-single-developer`),
 * which says what the section is about, not what part of the page it is.
 */
const MAX_ID_WORDS = 3;

/** The words of each class name and of the id: `post-shareBar_top` → post, share, bar, top. */
export function nameWords(el: LightElement): readonly (readonly string[])[] {
  const className = el.attrs.get("class");
  const classes = className ? classWords(className) : [];
  const idName = el.attrs.get("id");
  if (!idName) return classes;
  const id = words(idName);
  return id.length && id.length <= MAX_ID_WORDS ? [...classes, id] : classes;
}

/**
 * The words of a class attribute, from a cache: pages give thousands of elements the same few class
 * attributes, and every element is asked its words by several passes (measured: a tenth of the
 * conversion's time on pages of many elements). Bounded, so a page of endless distinct names cannot
 * grow it without end; only its size, never a result, depends on the pages converted before.
 */
function classWords(className: string): readonly (readonly string[])[] {
  const cached = CLASS_WORDS.get(className);
  if (cached) return cached;
  const found = className.split(/\s+/).filter(Boolean).map(words);
  if (className.length <= MAX_CACHED_CLASS_CHARS) {
    if (CLASS_WORDS.size >= MAX_CACHED_CLASSES) CLASS_WORDS.clear();
    CLASS_WORDS.set(className, found);
  }
  return found;
}

const CLASS_WORDS = new Map<string, readonly (readonly string[])[]>();
const MAX_CACHED_CLASSES = 5000;
const MAX_CACHED_CLASS_CHARS = 200;

/**
 * `postShare_bar-top` → post, share, bar, top: split where a lowercase letter meets a capital and at
 * anything not a letter or digit, lowercased. Read a character at a time (every element's id passes
 * here); a name with characters beyond ASCII, which lowercasing may turn into ASCII letters, goes the
 * regular expressions' way.
 */
function words(name: string): string[] {
  const found: string[] = [];
  // Where the word being read started, or -1 between words.
  let start = -1;
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if (code > 0x7f) return wordsOfAnyName(name);
    const upper = code >= 0x41 && code <= 0x5a;
    if (!upper && !isLower(code) && !(code >= 0x30 && code <= 0x39)) {
      if (start >= 0) found.push(name.slice(start, i).toLowerCase());
      start = -1;
    } else if (start < 0) start = i;
    else if (upper && isLower(name.charCodeAt(i - 1))) {
      found.push(name.slice(start, i).toLowerCase());
      start = i;
    }
  }
  if (start >= 0) found.push(name.slice(start).toLowerCase());
  return found;
}

function isLower(code: number): boolean {
  return code >= 0x61 && code <= 0x7a;
}

function wordsOfAnyName(name: string): string[] {
  return name
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}
