import { CdpCommandError } from "../cdp/cdp-connection.js";
import type { PageSessions, TargetSession } from "../cdp/page-sessions.js";
import {
  ClientDomProcessError,
  ClientError,
  ContentFrameNotFoundError,
  XPathResolutionError,
} from "../errors.js";
import { readPageTrees, type PageTrees } from "./ax-tree.js";
import { reusableSelector } from "./element-selector.js";
import { xpathOfNode } from "./element-xpath.js";
import { isXPath, matchSelectors } from "./selector-match.js";
import { renderSnapshot, type RenderScope, type SnapshotElement } from "./snapshot-format.js";

/** What part of the page a snapshot covers. */
export interface SnapshotOptions {
  /** CSS or XPath of the one element to cover (the first match, in any frame or shadow root). */
  selector?: string;
  /** CSS or XPath selectors whose every match is left out with its descendants. */
  ignoreSelectors?: string[];
}

/** The page as the model reads it, with the maps that tie each id back to the page. */
export interface PageSnapshot {
  /** One element per line, `[frame-node] role: name`, children indented under parents. */
  readonly text: string;
  /** Every element line by id. */
  readonly elements: ReadonlyMap<string, SnapshotElement>;
  /** The absolute URL of the link with this id, or undefined when the id names no link. */
  linkUrl(id: string): string | undefined;
  /** Whether a URL is the target of one of the snapshot's links. */
  isLinkUrl(url: string): boolean;
  /** The frame (CDP frame id) an element lives in. */
  frameOf(id: string): string | undefined;
  /** The element's XPath within its frame's document (for an element in a shadow root: its host's). */
  xpathOf(id: string): Promise<string>;
  /** A selector that finds the element again from the page, across frames (see `reusableSelector`). */
  selectorOf(id: string): Promise<string>;
  /** The session that can address the element's frame. */
  sessionOf(id: string): TargetSession | undefined;
}

/** How often a read is retried when the page commits a new document while it is being read. */
const NAVIGATION_RETRIES = 2;

/**
 * Takes a snapshot of a page: its accessibility tree across every frame and shadow root, cut to
 * `selector` and without `ignoreSelectors`. A page that navigates while it is read is read again, so the
 * text always describes one document.
 */
export async function takeSnapshot(
  sessions: PageSessions,
  options: SnapshotOptions = {},
): Promise<PageSnapshot> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= NAVIGATION_RETRIES; attempt++) {
    try {
      const all = sessions.all();
      const [trees, scope] = await Promise.all([readPageTrees(all), resolveScope(all, options)]);
      if (await navigatedSince(sessions.root, trees)) {
        lastError = new Error("the page navigated while it was being read.");
        continue;
      }
      return buildSnapshot(sessions, trees, scope, options);
    } catch (error) {
      // A protocol error mid-read is what a navigation looks like from here (frames and nodes vanish).
      if (error instanceof ClientError && !(error instanceof CdpCommandError)) throw error;
      lastError = error;
    }
  }
  throw new ClientDomProcessError(
    `The page could not be read: ${lastError instanceof Error ? lastError.message : String(lastError)} ` +
      `It kept changing (navigating or reloading) while it was read; wait for it to settle and try again.`,
    { cause: lastError },
  );
}

function buildSnapshot(
  sessions: PageSessions,
  trees: PageTrees,
  scope: RenderScope,
  options: SnapshotOptions,
): PageSnapshot {
  const { text, elements, unreadFrameOwners } = renderSnapshot(
    trees,
    (frameId) => sessions.ordinalOf(frameId),
    scope,
  );
  if (scope.start && unreadFrameOwners.has(scope.start.backendNodeId)) {
    throw new ContentFrameNotFoundError(options.selector ?? "");
  }
  if (scope.start && !text) {
    throw new ClientError(
      `The element matched by selector "${options.selector}" is not rendered (hidden, display: none or empty), ` +
        `so it has nothing to read. Choose a visible element.`,
    );
  }
  const linkUrls = new Set<string>();
  for (const element of elements.values()) if (element.url) linkUrls.add(element.url);
  const elementOf = (id: string) => {
    const element = elements.get(id);
    if (!element) throw new ClientError(`"${id}" is not the id of an element in this snapshot.`);
    return element;
  };
  const sessionOf = (frameId: string): TargetSession => trees.frames.get(frameId)?.session ?? sessions.root;
  return {
    text,
    elements,
    linkUrl: (id) => elements.get(id)?.url,
    isLinkUrl: (url) => linkUrls.has(url),
    frameOf: (id) => elements.get(id)?.frameId,
    async xpathOf(id) {
      const element = elementOf(id);
      return xpathOfNode(sessionOf(element.frameId), element.backendNodeId);
    },
    async selectorOf(id) {
      const element = elementOf(id);
      return reusableSelector(trees, element.frameId, element.backendNodeId);
    },
    sessionOf: (id) => {
      const element = elements.get(id);
      return element ? sessionOf(element.frameId) : undefined;
    },
  };
}

async function resolveScope(sessions: TargetSession[], options: SnapshotOptions): Promise<RenderScope> {
  const scope: RenderScope = {};
  const ignoreSelectors = options.ignoreSelectors ?? [];
  const selectors = options.selector !== undefined ? [options.selector, ...ignoreSelectors] : ignoreSelectors;
  const matches = await matchSelectors(sessions, selectors);
  if (options.selector !== undefined) {
    const first = matches.shift()?.[0];
    if (!first) {
      const selector = options.selector;
      if (isXPath(selector)) throw new XPathResolutionError(selector.replace(/^xpath=/, ""));
      throw new ClientError(
        `The selector "${selector}" matches no element in the page, its frames or its shadow roots. ` +
          `Check it in the browser's devtools, or leave \`selector\` out to read the whole page.`,
      );
    }
    scope.start = {
      frameId: first.frameId,
      backendNodeId: first.backendNodeId,
      inside: new Set(first.descendants),
    };
  }
  if (matches.length) {
    scope.ignored = new Map();
    for (const match of matches.flat()) {
      let set = scope.ignored.get(match.frameId);
      if (!set) scope.ignored.set(match.frameId, (set = new Set()));
      set.add(match.backendNodeId);
      for (const id of match.descendants) set.add(id);
    }
  }
  return scope;
}

async function navigatedSince(root: TargetSession, trees: PageTrees): Promise<boolean> {
  const { frameTree } = await root.send<{ frameTree: { frame: { loaderId: string } } }>("Page.getFrameTree");
  return frameTree.frame.loaderId !== trees.mainLoaderId;
}
