import { ClientError } from "@loupe/core";
import { CdpCommandError, matchSelectors, type MatchedElement } from "@loupe/core/engine";
import { MAX_SELECTOR_BOXES } from "../../common/api/selector-api.js";
import { invalidSelector, pageChangedWhileMatching } from "../../common/selector-messages.js";
import type { StudioHandlers } from "../../common/studio-api.js";
import { pageLoaded } from "../page-loaded.js";
import { readWithin } from "../page-read-bound.js";
import { matchBoxes } from "../live/match-boxes.js";
import { OutlineFollower } from "../live/outline-follower.js";
import { badSelectorStep } from "../live/selector-syntax.js";
import type { StudioPage } from "../page-tabs.js";
import type { StudioContext } from "../studio-context.js";

type SelectorHandlers = Pick<StudioHandlers, "selector.match" | "selector.clear">;

/**
 * The selector box: a selector matched on the live page as a run matches it, its matches outlined, and
 * the outlines kept on their elements as the page moves (`selector.moved` tells the box).
 */
export function selectorHandlers(context: StudioContext): SelectorHandlers {
  const { outlines } = context;
  const follower = new OutlineFollower(outlines, MAX_SELECTOR_BOXES, (moved) =>
    context.emit("selector.moved", moved),
  );
  // Outlines belong to the tab they were drawn on: another tab starts without them (the box matches
  // again there). A navigation takes them away with the document, and their elements.
  context.tabs.onChange((change) => {
    if (change.kind === "activated" || change.kind === "closed") {
      follower.stop();
      void outlines.clear();
    } else if (change.kind === "navigated") follower.stop();
  });
  return {
    "selector.match": async ({ selector, pageId }) => {
      const page = pageId ? context.tabs.get(pageId) : context.tabs.active();
      // A tab shows its page from the commit on: count what a run would read, the loaded document.
      await pageLoaded(page);
      // A read of the page like the snapshot's, with its bound: a page stuck in a script answers nothing.
      return readWithin(matchOn(page, selector));
    },
    "selector.clear": async () => {
      follower.stop();
      await outlines.clear();
      return { ok: true };
    },
  };

  async function matchOn(page: StudioPage, selector: string) {
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
    const { boxes, truncated, scroll } = await matchBoxes(sessions, matches, MAX_SELECTOR_BOXES).catch(
      (error) => {
        throw error instanceof CdpCommandError ? pageChangedWhileMatching() : error;
      },
    );
    const trackedId = context.tabs.track(page);
    if (page === context.tabs.active()) {
      // While a run hides the outlines this draws nothing: the follower draws them once it ends.
      follower.follow({ pageId: trackedId, selector, sessions, matches, ticket });
      await outlines.draw(sessions.root, boxes, scroll, ticket);
    }
    return { pageId: trackedId, count: matches.length, boxes, truncated };
  }
}
