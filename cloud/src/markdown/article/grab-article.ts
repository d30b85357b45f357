/**
 * One pass of Readability's `_grabArticle` on the light tree: drop hidden and unlikely nodes, turn
 * text-only divs into paragraphs, score paragraphs into their ancestors, pick the top candidate and
 * gather its related siblings into a new article element.
 */
import {
  appendChild,
  innerText,
  innerTextLength,
  LightElement,
  removeNode,
  replaceNode,
  setTag,
  type LightNode,
} from "../dom/light-dom.js";
import {
  ancestors,
  classWeight,
  hasAncestorTag,
  hasChildBlockElement,
  hasSingleTagInside,
  isElementWithoutContent,
  isPhrasingContent,
  isProbablyVisible,
  isWhitespace,
  linkDensity,
  textSimilarity,
} from "./node-measures.js";
import {
  ALTER_TO_DIV_EXCEPTIONS,
  FLAG_STRIP_UNLIKELYS,
  HEADINGS,
  RE,
  TAGS_TO_SCORE,
  TOP_CANDIDATES,
  UNLIKELY_ROLES,
} from "./readability-rules.js";

export interface GrabContext {
  flags: number;
  title: string;
  /** The byline from metadata; when absent, the first byline-looking node is taken out. */
  byline: string | undefined;
}

/** Returns the article element (detached from the page), which holds the top candidate and its kin. */
export function grabArticle(html: LightElement, body: LightElement, context: GrabContext): LightElement {
  const elementsToScore = prepareNodes(html, context);
  const candidates = scoreParagraphs(elementsToScore, context.flags);
  const topCandidate = pickTopCandidate(candidates, body, context.flags);
  return gatherSiblings(topCandidate);
}

const EMPTY_REMOVABLE = new Set(["div", "section", "header", "h1", "h2", "h3", "h4", "h5", "h6"]);

/** The node-prepping walk; returns the elements to score in document order. */
function prepareNodes(html: LightElement, context: GrabContext): LightElement[] {
  const stripUnlikely = (context.flags & FLAG_STRIP_UNLIKELYS) !== 0;
  const elementsToScore: LightElement[] = [];
  let shouldRemoveTitleHeader = true;
  let bylineFound = Boolean(context.byline);

  // Depth-first over elements; a frame's index stays valid because a node is only ever removed or
  // replaced in place before its own children are visited.
  const stack: { el: LightElement; i: number }[] = [{ el: html, i: 0 }];
  while (stack.length) {
    const frame = stack[stack.length - 1]!;
    if (frame.i >= frame.el.children.length) {
      stack.pop();
      continue;
    }
    const node = frame.el.children[frame.i]!;
    if (node.type === "text") {
      frame.i++;
      continue;
    }
    const matchString = `${node.className} ${node.id}`;

    if (!isProbablyVisible(node) || (node.attr("aria-modal") === "true" && node.attr("role") === "dialog")) {
      removeNode(node);
      continue;
    }
    if (!bylineFound && isValidByline(node, matchString)) {
      bylineFound = true;
      removeNode(node);
      continue;
    }
    if (shouldRemoveTitleHeader && headerDuplicatesTitle(node, context.title)) {
      shouldRemoveTitleHeader = false;
      removeNode(node);
      continue;
    }
    if (stripUnlikely) {
      if (
        RE.unlikelyCandidates.test(matchString) &&
        !RE.okMaybeItsACandidate.test(matchString) &&
        !hasAncestorTag(node, "table") &&
        !hasAncestorTag(node, "code") &&
        node.tag !== "body" &&
        node.tag !== "a"
      ) {
        removeNode(node);
        continue;
      }
      if (UNLIKELY_ROLES.has(node.attr("role") ?? "")) {
        removeNode(node);
        continue;
      }
      // Loupe's addition: <nav> and consent banners, like the navigation roles above.
      if (node.tag === "nav" || (node.tag !== "body" && RE.consentBanner.test(matchString))) {
        removeNode(node);
        continue;
      }
    }
    if (EMPTY_REMOVABLE.has(node.tag) && isElementWithoutContent(node)) {
      removeNode(node);
      continue;
    }
    if (TAGS_TO_SCORE.has(node.tag)) elementsToScore.push(node);

    let descendInto: LightElement = node;
    if (node.tag === "div") {
      wrapPhrasingRuns(node);
      // A div holding a single paragraph is that paragraph.
      if (hasSingleTagInside(node, "p") && linkDensity(node) < 0.25) {
        const paragraph = node.elementChildren[0]!;
        replaceNode(node, paragraph);
        descendInto = paragraph;
        elementsToScore.push(paragraph);
      } else if (!hasChildBlockElement(node)) {
        setTag(node, "p");
        elementsToScore.push(node);
      }
    }
    frame.i++;
    stack.push({ el: descendInto, i: 0 });
  }
  return elementsToScore;
}

/** Puts each run of phrasing content directly in a div into its own `<p>`. */
function wrapPhrasingRuns(div: LightElement): void {
  if (!div.children.some((child) => isPhrasingContent(child) && !isWhitespace(child))) return;
  const children: LightNode[] = [];
  let paragraph: LightElement | null = null;
  for (const child of div.children) {
    if (isPhrasingContent(child)) {
      if (paragraph) {
        paragraph.children.push(child);
        child.parent = paragraph;
        continue;
      }
      if (!isWhitespace(child)) {
        paragraph = new LightElement("p");
        paragraph.parent = div;
        paragraph.children.push(child);
        child.parent = paragraph;
        children.push(paragraph);
        continue;
      }
      children.push(child);
      continue;
    }
    if (paragraph) trimTrailingWhitespace(paragraph);
    paragraph = null;
    children.push(child);
  }
  div.children = children;
  div.touch();
}

/** Readability trims a run only when a non-phrasing node ends it; the last run keeps its whitespace. */
function trimTrailingWhitespace(paragraph: LightElement): void {
  while (paragraph.children.length && isWhitespace(paragraph.children[paragraph.children.length - 1]!)) {
    paragraph.children.pop()!.parent = null;
  }
}

function isValidByline(node: LightElement, matchString: string): boolean {
  const itemprop = node.attr("itemprop");
  if (!(
    node.attr("rel") === "author" ||
    (itemprop && itemprop.includes("author")) ||
    RE.byline.test(matchString)
  ))
    return false;
  const length = node.textContent.trim().length;
  return length > 0 && length < 100;
}

function headerDuplicatesTitle(node: LightElement, title: string): boolean {
  if (node.tag !== "h1" && node.tag !== "h2") return false;
  return textSimilarity(title, node.textContent.trim()) > 0.75;
}

function initializeNode(node: LightElement, flags: number): void {
  let score = 0;
  switch (node.tag) {
    case "div":
      score += 5;
      break;
    case "pre":
    case "td":
    case "blockquote":
      score += 3;
      break;
    case "address":
    case "ol":
    case "ul":
    case "dl":
    case "dd":
    case "dt":
    case "li":
    case "form":
      score -= 3;
      break;
    case "th":
      score -= 5;
      break;
    default:
      if (HEADINGS.has(node.tag)) score -= 5;
  }
  node.score = score + classWeight(node, flags);
}

function scoreParagraphs(elementsToScore: LightElement[], flags: number): LightElement[] {
  const candidates: LightElement[] = [];
  for (const element of elementsToScore) {
    if (!element.parent) continue;
    const length = innerTextLength(element);
    if (length < 25) continue;
    const lineage = ancestors(element, 5);
    if (lineage.length === 0) continue;
    // One point for the paragraph, one per comma-separated part, one per 100 characters (up to 3).
    const contentScore = 1 + (element.stats.anyCommas + 1) + Math.min(Math.floor(length / 100), 3);
    lineage.forEach((ancestor, level) => {
      // The root (<html>) is never a candidate: Readability skips nodes whose parent is the document.
      if (!ancestor.parent) return;
      if (ancestor.score === undefined) {
        initializeNode(ancestor, flags);
        candidates.push(ancestor);
      }
      const divider = level === 0 ? 1 : level === 1 ? 2 : level * 3;
      ancestor.score! += contentScore / divider;
    });
  }
  return candidates;
}

function pickTopCandidate(candidates: LightElement[], body: LightElement, flags: number): LightElement {
  const topCandidates: LightElement[] = [];
  for (const candidate of candidates) {
    // Good content has few links: scale the score by the share of text outside links.
    const score = candidate.score! * (1 - linkDensity(candidate));
    candidate.score = score;
    for (let t = 0; t < TOP_CANDIDATES; t++) {
      const other = topCandidates[t];
      if (!other || score > other.score!) {
        topCandidates.splice(t, 0, candidate);
        if (topCandidates.length > TOP_CANDIDATES) topCandidates.pop();
        break;
      }
    }
  }

  let topCandidate = topCandidates[0];
  if (!topCandidate || topCandidate.tag === "body") {
    // No candidate: everything in the body becomes the article.
    const container = new LightElement("div");
    container.children = body.children;
    for (const child of container.children) child.parent = container;
    body.children = [container];
    container.parent = body;
    body.touch();
    initializeNode(container, flags);
    return container;
  }

  // Several near-equal candidates under one ancestor: that ancestor is the article.
  const alternativeLineages: LightElement[][] = [];
  for (let i = 1; i < topCandidates.length; i++) {
    if (topCandidates[i]!.score! / topCandidate.score! >= 0.75)
      alternativeLineages.push(ancestors(topCandidates[i]!));
  }
  const MINIMUM_TOP_CANDIDATES = 3;
  if (alternativeLineages.length >= MINIMUM_TOP_CANDIDATES) {
    for (let parent = topCandidate.parent; parent && parent.tag !== "body"; parent = parent.parent) {
      let containing = 0;
      for (let i = 0; i < alternativeLineages.length && containing < MINIMUM_TOP_CANDIDATES; i++) {
        if (alternativeLineages[i]!.includes(parent)) containing++;
      }
      if (containing >= MINIMUM_TOP_CANDIDATES) {
        topCandidate = parent;
        break;
      }
    }
  }
  if (topCandidate.score === undefined) initializeNode(topCandidate, flags);

  // A parent scoring higher than the candidate (a few levels up) holds more of the content.
  let lastScore = topCandidate.score!;
  const scoreThreshold = lastScore / 3;
  for (let parent = topCandidate.parent; parent && parent.tag !== "body"; parent = parent.parent) {
    if (parent.score === undefined) continue;
    if (parent.score < scoreThreshold) break;
    if (parent.score > lastScore) {
      topCandidate = parent;
      break;
    }
    lastScore = parent.score;
  }

  // An only child is replaced by its parent, so the sibling pass sees the real siblings.
  while (
    topCandidate.parent &&
    topCandidate.parent.tag !== "body" &&
    topCandidate.parent.elementChildren.length === 1
  ) {
    topCandidate = topCandidate.parent;
  }
  if (topCandidate.score === undefined) initializeNode(topCandidate, flags);
  return topCandidate;
}

function gatherSiblings(topCandidate: LightElement): LightElement {
  const article = new LightElement("div");
  const threshold = Math.max(10, topCandidate.score! * 0.2);
  const parent = topCandidate.parent;
  const siblings = parent ? parent.elementChildren : [topCandidate];
  for (let sibling of siblings) {
    let append = false;
    if (sibling === topCandidate) append = true;
    else {
      const bonus =
        sibling.className === topCandidate.className && topCandidate.className !== ""
          ? topCandidate.score! * 0.2
          : 0;
      if (sibling.score !== undefined && sibling.score + bonus >= threshold) append = true;
      else if (sibling.tag === "p") {
        const density = linkDensity(sibling);
        const text = innerText(sibling);
        const length = text.length;
        if (length > 80 && density < 0.25) append = true;
        else if (length < 80 && length > 0 && density === 0 && text.search(/\.( |$)/) !== -1) append = true;
      }
    }
    if (!append) continue;
    // Anything but a common block (a form, a td) becomes a div so later cleaning does not drop it.
    if (!ALTER_TO_DIV_EXCEPTIONS.has(sibling.tag)) sibling = setTag(sibling, "div");
    appendChild(article, sibling);
  }
  return article;
}
