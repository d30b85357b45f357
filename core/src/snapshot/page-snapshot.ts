import { CdpCommandError } from "../cdp/cdp-connection.js";
import { PageSlot, type PageSessions, type TargetSession } from "../cdp/page-sessions.js";
import { ClientDomProcessError, ClientError, ContentFrameNotFoundError } from "../errors.js";
import { capturePage, type PageCapture } from "./dom-capture.js";
import { semanticPage, semanticSubtree, type IgnoredElements } from "./dom-semantics.js";
import { reusableSelector } from "./element-selector.js";
import { xpathOfNode } from "./element-xpath.js";
import { PageWatch } from "./page-watch.js";
import { parseSelectorChain } from "./selector-chain.js";
import { matchSelectors, noMatchError } from "./selector-match.js";
import { renderSnapshot, type SnapshotElement } from "./snapshot-format.js";

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
  /** The element's XPath within its frame's document (for an element in a shadow root: its outermost host's). */
  xpathOf(id: string): Promise<string>;
  /** A selector that finds the element again from the page, across frames and shadow roots (see `reusableSelector`). */
  selectorOf(id: string): Promise<string>;
  /** The session that can address the element's frame. */
  sessionOf(id: string): TargetSession | undefined;
}

/** How often a read is retried when the page commits a new document while it is being read. */
const NAVIGATION_RETRIES = 2;

/** What a page keeps between snapshots. */
interface SnapshotMemory {
  /** The page's watch (`page-watch.ts`), which lets an unchanged page be answered without a new capture. */
  readonly watch: PageWatch;
  /**
   * The whole-page snapshot of the last capture read whole. The watch only ever offers its latest
   * capture for reuse, so one is all a read that finds the page unchanged can use.
   */
  whole?: { capture: PageCapture; snapshot: PageSnapshot };
}

const MEMORY = new PageSlot<SnapshotMemory>((sessions) => ({ watch: new PageWatch(sessions) }));

/** What `selector` and `ignoreSelectors` resolved to. */
interface Scope {
  /** The element to read instead of the whole page. */
  start?: { frameId: string; backendNodeId: number };
  ignored?: Map<string, Set<number>>;
}

/**
 * Takes a snapshot of a page: its elements with their roles, names and states and its text, across every
 * frame and shadow root (read from one DOM capture per process, see `dom-capture.ts`), cut to `selector`
 * and without `ignoreSelectors`. A page that navigates while it is read is read again, so the text always
 * describes one document; a page that has not changed since the last read is not captured again.
 */
export async function takeSnapshot(
  sessions: PageSessions,
  options: SnapshotOptions = {},
): Promise<PageSnapshot> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= NAVIGATION_RETRIES; attempt++) {
    try {
      const all = sessions.all();
      const scoping = resolveScope(all, options);
      scoping.catch(() => {});
      const memory = sessions.slot(MEMORY);
      const { watch } = memory;
      let capture = await watch.unchangedCapture(all);
      if (!capture) {
        await watch.prepare(all);
        // The watch's commands go out right before and after the capture's, in one pipeline per session.
        const marks = watch.beforeCapture(all);
        const capturing = capturePage(all);
        watch.afterCapture(marks);
        capture = await capturing;
        if (capture.navigated) {
          lastError = new Error("the page navigated while it was being read.");
          continue;
        }
        watch.settle(marks, capture);
      }
      const scope = await scoping;
      if (scope.start || scope.ignored) return buildSnapshot(sessions, capture, scope, options);
      // The whole page, read again unchanged: the same snapshot.
      if (memory.whole?.capture !== capture)
        memory.whole = { capture, snapshot: buildSnapshot(sessions, capture, scope, options) };
      return memory.whole.snapshot;
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
  capture: PageCapture,
  scope: Scope,
  options: SnapshotOptions,
): PageSnapshot {
  const ignored: IgnoredElements | undefined = scope.ignored;
  const page = semanticPage(capture, ignored);
  const startNode = scope.start
    ? semanticSubtree(capture, scope.start.frameId, scope.start.backendNodeId, ignored)
    : undefined;
  const { text, elements, unreadFrameOwners } = renderSnapshot(
    page,
    (frameId) => sessions.ordinalOf(frameId),
    scope.start ? { frameId: scope.start.frameId, node: startNode } : undefined,
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
  const sessionOf = (frameId: string): TargetSession => capture.frames.get(frameId)?.session ?? sessions.root;
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
      return reusableSelector(capture, element.frameId, element.backendNodeId);
    },
    sessionOf: (id) => {
      const element = elements.get(id);
      return element ? sessionOf(element.frameId) : undefined;
    },
  };
}

async function resolveScope(sessions: TargetSession[], options: SnapshotOptions): Promise<Scope> {
  const scope: Scope = {};
  const ignoreSelectors = options.ignoreSelectors ?? [];
  const selectors = options.selector !== undefined ? [options.selector, ...ignoreSelectors] : ignoreSelectors;
  const matches = await matchSelectors(sessions, selectors);
  if (options.selector !== undefined) {
    const first = matches.shift()?.[0];
    if (!first) {
      // The last step is the one that matched nothing: a step before it that fails throws on its own.
      const steps = parseSelectorChain(options.selector);
      const last = steps.at(-1) ?? { enter: "page", selector: options.selector.trim() };
      throw noMatchError(last, steps.length > 1 ? options.selector.trim() : undefined);
    }
    scope.start = { frameId: first.frameId, backendNodeId: first.backendNodeId };
  }
  if (matches.length) {
    scope.ignored = new Map();
    for (const match of matches.flat()) {
      let set = scope.ignored.get(match.frameId);
      if (!set) scope.ignored.set(match.frameId, (set = new Set()));
      // Leaving out an element leaves out everything inside it.
      set.add(match.backendNodeId);
    }
  }
  return scope;
}
