/**
 * Where the page's main thing sits in the page, from what its structured data states: a microdata
 * scope is the element itself; a JSON-LD thing is found by its own text (a product's description, an
 * article's body, a question's text) in the page. The region chosen by the block likelihoods is then
 * checked against it: content the page declares as its subject is never left outside.
 */
import { innerText, type LightElement } from "../dom/light-dom.js";
import { mainThing } from "./main-thing.js";
import type { Thing } from "./structured-data.js";

/** Characters of a stated text looked for in the page: enough to be unique, short enough to match. */
const SNIPPET = 60;
/** A scope this share of the page or more (itemscope on `<body>`) locates nothing. */
const MAX_SCOPE_SHARE = 0.9;

/** The element holding the page's main thing, or undefined when the page does not say or it is not found. */
export function structuredAnchor(things: readonly Thing[], body: LightElement): LightElement | undefined {
  const thing = mainThing(things);
  if (!thing) return undefined;
  const total = body.stats.nonSpace;
  if (thing.element) {
    const scope = thing.element;
    return isInside(scope, body) && scope.stats.nonSpace < total * MAX_SCOPE_SHARE ? scope : undefined;
  }
  const question = asObject(thing.props["mainEntity"]);
  for (const value of [
    thing.props["description"],
    thing.props["articleBody"],
    thing.props["text"],
    question?.["text"],
  ]) {
    const snippet = typeof value === "string" ? normalize(value).slice(0, SNIPPET) : "";
    if (snippet.length < SNIPPET) continue;
    const found = deepestHolding(body, snippet);
    if (found && found !== body) return found;
  }
  return undefined;
}

/**
 * The deepest element under `root` whose text contains `snippet`: one path down, child by child. A
 * child holding all of its parent's visible text holds the snippet too, unread (wrappers nested
 * thousands deep cost one read, not one per level); the texts read on the way cost at most
 * READ_BUDGET times the page's, after which the path stops where it is (only a page built to nest
 * its text that way gets there).
 */
function deepestHolding(root: LightElement, snippet: string): LightElement | undefined {
  if (!normalize(innerText(root)).includes(snippet)) return undefined;
  let budget = root.stats.nonSpace * READ_BUDGET;
  let current = root;
  for (;;) {
    const next = current.elementChildren.find((child) => {
      const chars = child.stats.nonSpace;
      if (chars < snippet.length / 2) return false;
      if (chars === current.stats.nonSpace) return true;
      budget -= chars;
      return budget >= 0 && normalize(innerText(child)).includes(snippet);
    });
    if (!next) return current;
    current = next;
  }
}

/** See deepestHolding. */
const READ_BUDGET = 32;

function normalize(text: string): string {
  return text.replace(/\s+/g, " ").trim().toLowerCase();
}

function isInside(el: LightElement, ancestor: LightElement): boolean {
  for (let current: LightElement | null = el; current; current = current.parent)
    if (current === ancestor) return true;
  return false;
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first && typeof first === "object" ? (first as Record<string, unknown>) : undefined;
}
