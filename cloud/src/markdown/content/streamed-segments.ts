/**
 * Streamed server rendering (React 18's `renderToPipeableStream`, as Next.js and others serve it) sends
 * a page's slow parts after the shell: each arrives as a hidden `<div hidden id="S:n">` at the end of
 * the body, and a script moves it into the place its `<template id="B:n">` (or `P:n`) holds, over the
 * loading placeholder shown meanwhile. A reader without scripts sees the placeholders and never the
 * content; the conversion does what the script would, so an article streamed paragraph by paragraph is
 * read in its order, not dropped as hidden.
 */
import { descendantsByTag, forEachDescendant, removeNode, type LightElement } from "../dom/light-dom.js";
import { STREAM_PLACEHOLDER_ID } from "../dom/parse-document.js";

const SEGMENT_ID = /^S:([0-9a-z]+)$/;

/** Moves each streamed segment into its placeholder; a segment without one stays where it is, hidden. */
export function placeStreamedSegments(body: LightElement): void {
  const segments = new Map<string, LightElement>();
  forEachDescendant(body, (node) => {
    if (node.type === "text") return false;
    const match = SEGMENT_ID.exec(node.attrs.get("id") ?? "");
    if (match && node.attrs.has("hidden")) {
      segments.set(match[1]!, node);
      return false;
    }
    return true;
  });
  if (!segments.size) return;
  for (const template of descendantsByTag(body, "template")) {
    const match = STREAM_PLACEHOLDER_ID.exec(template.attrs.get("id") ?? "");
    const segment = match && segments.get(match[1]!);
    const parent = template.parent;
    if (!segment || !parent) continue;
    segments.delete(match[1]!);
    const children = segment.children;
    removeNode(segment);
    segment.children = [];
    for (const child of children) child.parent = parent;
    parent.children.splice(parent.children.indexOf(template), 1, ...children);
    template.parent = null;
    parent.touch();
  }
}
