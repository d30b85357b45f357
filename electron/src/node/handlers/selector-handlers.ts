import { ClientError } from "@loupe/core";
import { CdpCommandError, matchSelectors, type MatchedElement } from "@loupe/core/engine";
import { MAX_SELECTOR_BOXES } from "../../common/api/selector-api.js";
import { invalidSelector, pageChangedWhileMatching } from "../../common/selector-messages.js";
import type { StudioHandlers } from "../../common/studio-api.js";
import { pageLoaded } from "../page-loaded.js";
import { matchBoxes } from "../live/match-boxes.js";
import { badSelectorStep } from "../live/selector-syntax.js";
import type { StudioContext } from "../studio-context.js";

type SelectorHandlers = Pick<StudioHandlers, "selector.match" | "selector.clear">;

/** The selector box: a selector matched on the live page as a run matches it, its matches outlined. */
export function selectorHandlers(context: StudioContext): SelectorHandlers {
  const { outlines } = context;
  // Outlines belong to the tab they were drawn on: another tab starts without them (the box matches
  // again there). A navigation takes them away with the document.
  context.tabs.onChange((change) => {
    if (change.kind === "activated" || change.kind === "closed") void outlines.clear();
  });
  return {
    "selector.match": async ({ selector, pageId }) => {
      const page = pageId ? context.tabs.get(pageId) : context.tabs.active();
      // A tab shows its page from the commit on: count what a run would read, the loaded document.
      await pageLoaded(page);
      const sessions = await context.sessionsFor(page);
      const ticket = await outlines.begin(sessions.root);
      const bad = await badSelectorStep(sessions.root, selector).catch((error: unknown) => {
        throw error instanceof CdpCommandError ? pageChangedWhileMatching() : error;
      });
      if (bad) throw invalidSelector(selector, bad);
      let matches: MatchedElement[];
      try {
        [matches = []] = await matchSelectors(sessions.all(), [selector]);
      } catch (error) {
        // Every step parses, so this is a chain whose step leads nowhere on this page (no such iframe,
        // no shadow root): the selector matches nothing here, and core's sentence says why.
        if (error instanceof ClientError)
          return {
            pageId: context.tabs.track(page),
            count: 0,
            boxes: [],
            truncated: false,
            detail: error.message,
          };
        if (error instanceof CdpCommandError) throw pageChangedWhileMatching();
        throw error;
      }
      const { boxes, truncated } = await matchBoxes(sessions, matches, MAX_SELECTOR_BOXES).catch((error) => {
        throw error instanceof CdpCommandError ? pageChangedWhileMatching() : error;
      });
      if (page === context.tabs.active()) await outlines.draw(sessions.root, boxes, ticket);
      return { pageId: context.tabs.track(page), count: matches.length, boxes, truncated };
    },
    "selector.clear": async () => {
      await outlines.clear();
      return { ok: true };
    },
  };
}
