/**
 * Whether a page changed since it was last captured, known for the price of one round trip instead of a
 * new capture — so `act`'s retry, or an `extract` right after another, does not read an unchanged page
 * again.
 *
 * What changes a snapshot, and what sees each change:
 * - the DOM (elements, attributes, text), in the document and in every shadow tree: a MutationObserver
 *   in an isolated world of each frame (invisible to the page), on the document and on each shadow root
 *   a capture has shown, open or closed;
 * - what the user typed, ticked or picked: that observer's world also hears `input` and `change`;
 * - values and states a script sets without touching the DOM (`input.value`, `checkbox.checked`), and
 *   everything CSS decides (a `:hover` rule, a media query, an animation): each needs the browser to
 *   recompute style or layout, which Chromium counts (`Performance.getMetrics`: RecalcStyleCount,
 *   LayoutCount) per renderer process;
 * - navigation and frames coming and going: the main frame's loader id, the set of out-of-process frames,
 *   and the frames the capture had (a frame whose document was replaced has lost its observer).
 *
 * A capture is reused only when it was taken on a quiet page: the counters were the same just before and
 * just after it (sent in the same pipeline, so nothing else ran in between), and no observer saw anything
 * from just before it until after it. A shadow root a capture shows for the first time is watched from
 * then on, so that capture is not reused — the next one is. Anything unexpected (a frame's world gone, a
 * command failing) counts as a change: the page is read again.
 *
 * The observers also speak first: the first change after each check calls a binding that only their
 * world can see (`Runtime.addBinding`), whose event reaches Node on its own. A read that has heard one
 * knows the page changed without asking, so the read after a change (an extract after `act`) costs just
 * the capture. Silence proves nothing (a script setting `input.value`, a `:hover` rule), so a read that
 * heard nothing still asks.
 */
import type { PageSessions, TargetSession } from "../cdp/page-sessions.js";
import type { PageCapture } from "./dom-capture.js";
import type { DomDocument } from "./dom-document.js";

/** The isolated world the observers live in: the page's own scripts never see it. */
const WORLD = "__loupe_snapshot_watch";
/** The binding the observers call on the first change after a check; it exists only in their world. */
const BINDING = "__loupeSnapshotChanged";

/**
 * Runs in that world: installs the watcher when the document has none (and then says "changed": nothing
 * was watched before), else says whether anything changed since the last call. Style and layout are
 * brought up to date first, so the counters read right after it include any pending work. Form controls'
 * current state (a script setting `checkbox.checked` or `input.value` changes no DOM and may not restyle
 * anything) is compared with the state the last call saw.
 */
const TAKE = `(() => {
  const watch = globalThis.__loupeWatch;
  if (watch) return watch.take();
  let changed = false;
  let told = false;
  const mark = () => {
    changed = true;
    if (told || typeof globalThis.${BINDING} !== "function") return;
    told = true;
    globalThis.${BINDING}("");
  };
  const options = { subtree: true, childList: true, attributes: true, characterData: true };
  const observer = new MutationObserver(mark);
  observer.observe(document, options);
  addEventListener("input", mark, true);
  addEventListener("change", mark, true);
  const seen = new WeakSet();
  const roots = [document];
  const formState = () => {
    const parts = [];
    for (const root of roots)
      for (const control of root.querySelectorAll("input, textarea, select")) {
        if (control.localName === "select") for (const option of control.options) parts.push(option.selected ? "1" : "0");
        else parts.push(control.value, control.checked ? "1" : "0", control.indeterminate ? "1" : "0");
        parts.push("");
      }
    return parts.join("\\u0000");
  };
  let form = formState();
  globalThis.__loupeWatch = {
    take() {
      if (document.documentElement) document.documentElement.getBoundingClientRect();
      if (observer.takeRecords().length) changed = true;
      const now = formState();
      if (now !== form) changed = true;
      form = now;
      const was = changed;
      changed = false;
      told = false;
      return was;
    },
    observe(root) {
      if (!root || seen.has(root) || root === document) return false;
      seen.add(root);
      roots.push(root);
      observer.observe(root, options);
      form = formState();
      return true;
    },
  };
  return true;
})()`;

const OBSERVE_ROOT =
  "function () { return globalThis.__loupeWatch ? globalThis.__loupeWatch.observe(this.getRootNode()) : false; }";

/** Numbers the object groups the shadow roots are resolved in. */
let objectGroups = 0;

/** Pages with more shadow roots than this are never reused: watching them all would cost more than it saves. */
const MAX_WATCHED_ROOTS = 300;

interface Metrics {
  /** `LayoutCount RecalcStyleCount` of the session's process. */
  key: string;
}

/** A frame whose observer is checked: the session that reaches it and its world's execution context. */
interface WatchedFrame {
  session: TargetSession;
  frameId: string;
  contextId: number;
  /** The document the context belongs to (`documentKey`), once a capture has shown it. */
  document?: string;
}

/** The counters read around one capture, per session. */
export interface CaptureMarks {
  sessions: TargetSession[];
  before: Map<TargetSession, Promise<Metrics>>;
  after: Map<TargetSession, Promise<Metrics>>;
}

/** Watches one page (its sessions) for changes between snapshots. */
export class PageWatch {
  private readonly counting = new WeakSet<TargetSession>();
  /** How many times an observer has said the page changed (the binding's events, from any frame). */
  private changesHeard = 0;
  /** The watcher world's context in each frame to watch, by frame id. */
  private worlds = new Map<string, WatchedFrame>();
  /** Shadow hosts whose root is observed, per document (`frameId documentBackendId`). */
  private observedRoots = new Map<string, Set<number>>();
  private reusable:
    { key: string; frames: WatchedFrame[]; capture: PageCapture; changesHeard: number } | undefined;
  private settling: Promise<void> = Promise.resolve();

  constructor(sessions: PageSessions) {
    sessions.on("Runtime.bindingCalled", (params) => {
      if (params["name"] === BINDING) this.changesHeard++;
    });
  }

  /** The last capture if nothing it shows can have changed since; undefined when the page must be read. */
  async unchangedCapture(sessions: TargetSession[]): Promise<PageCapture | undefined> {
    await this.settling;
    const reusable = this.reusable;
    if (!reusable) return undefined;
    this.reusable = undefined;
    // An observer said so after the checks that validated the capture: no need to ask.
    if (this.changesHeard !== reusable.changesHeard) return undefined;
    try {
      if ((await this.currentKey(sessions, reusable.frames)) !== reusable.key) return undefined;
    } catch {
      return undefined;
    }
    this.reusable = reusable;
    return reusable.capture;
  }

  /**
   * Starts each new session's counters and finds the watcher world's context in each session's own frame
   * when none is known yet (a page's or an out-of-process frame's id is its target id). A known context
   * is used without asking again: if its document has gone, the watcher calls that use it fail, which
   * counts as a change, and the capture that shows the new document gets a new context. Awaited, because
   * the commands sent next need the contexts, and `Performance.enable` is handled partly outside the
   * page's process.
   */
  async prepare(sessions: TargetSession[]): Promise<void> {
    const fresh = sessions.filter((session) => !this.counting.has(session));
    for (const session of fresh) this.counting.add(session);
    for (const [frameId, world] of this.worlds)
      if (!sessions.includes(world.session)) this.worlds.delete(frameId);
    await Promise.all([
      ...fresh.map((session) => session.send("Performance.enable").catch(() => {})),
      ...sessions
        .filter((session) => !this.worlds.has(session.targetId))
        .map(async (session) => {
          const world = await worldOf(session, session.targetId).catch(() => undefined);
          if (world) this.worlds.set(session.targetId, world);
        }),
    ]);
  }

  /**
   * Sends what must reach each session just before its capture: each frame's watcher (installed if its
   * document has none yet, else cleared of what it saw so far, since that is in this capture) and the
   * counters. Call `prepare` first; then this, the capture and `afterCapture` without awaiting in
   * between: a page's process handles these commands (Runtime, Performance.getMetrics, DOMSnapshot) in
   * the order they were sent.
   */
  beforeCapture(sessions: TargetSession[]): CaptureMarks {
    const marks: CaptureMarks = { sessions, before: new Map(), after: new Map() };
    for (const frame of this.worlds.values()) evaluate(frame, TAKE).catch(() => {});
    for (const session of sessions) marks.before.set(session, quietly(metricsOf(session)));
    return marks;
  }

  /** Sends the counters that follow each session's capture. */
  afterCapture(marks: CaptureMarks): void {
    for (const session of marks.sessions) marks.after.set(session, quietly(metricsOf(session)));
  }

  /**
   * Decides, in the background, whether `capture` can be reused, and starts watching the shadow roots it
   * shows. The next `unchangedCapture` waits for this.
   */
  settle(marks: CaptureMarks, capture: PageCapture): void {
    this.reusable = undefined;
    this.settling = this.validate(marks, capture).then(
      (reusable) => {
        this.reusable = reusable;
      },
      () => {},
    );
  }

  private async validate(marks: CaptureMarks, capture: PageCapture): Promise<PageWatch["reusable"]> {
    const frames = await this.framesOf(capture);
    const newRoots = await this.watchShadowRoots(capture, frames);
    // After the capture: did anything change since just before it?
    const changed = await Promise.all(frames.map((frame) => this.take(frame)));
    // Each frame's later events come after its take's answer: they tell of changes after the capture.
    const changesHeard = this.changesHeard;
    const before = await Promise.all(marks.sessions.map((s) => marks.before.get(s)!));
    const after = await Promise.all(marks.sessions.map((s) => marks.after.get(s)!));
    const quiet = before.every((metrics, i) => metrics.key === after[i]!.key);
    if (newRoots || changed.some(Boolean) || !quiet || capture.navigated) return undefined;
    return { key: keyOf(marks.sessions, after, capture.mainLoaderId), frames, capture, changesHeard };
  }

  /** What the page is now, in the terms of the key a reusable capture was stored with. */
  private async currentKey(sessions: TargetSession[], frames: WatchedFrame[]): Promise<string> {
    const root = sessions.find((session) => !session.parent);
    if (!root) return "";
    const tree = root.send("Page.getFrameTree");
    const takes = frames.map((frame) => this.take(frame));
    // Sent after the takes, which bring style and layout up to date first.
    const metrics = sessions.map(metricsOf);
    for (const pending of [tree, ...takes, ...metrics]) pending.catch(() => {});
    if ((await Promise.all(takes)).some(Boolean)) return "changed";
    return keyOf(sessions, await Promise.all(metrics), (await tree).frameTree.frame.loaderId);
  }

  /**
   * Every captured frame with its watcher world's context: the known one when it belongs to the captured
   * document, else a new one (its watcher is installed only now, so this capture is not reused). Frames
   * the capture does not show are forgotten.
   */
  private async framesOf(capture: PageCapture): Promise<WatchedFrame[]> {
    const frames = await Promise.all(
      [...capture.frames.values()].map(async ({ frameId, session, document }) => {
        const key = documentKey(frameId, document);
        const known = this.worlds.get(frameId);
        // A context found before the capture, for the document it showed, or one already tied to it.
        if (known?.session === session && (known.document ?? key) === key) return { ...known, document: key };
        return { ...(await worldOf(session, frameId)), document: key };
      }),
    );
    this.worlds = new Map(frames.map((frame) => [frame.frameId, frame]));
    return frames;
  }

  /** Whether the frame's watcher saw a change; a watcher that cannot be reached says yes, and is forgotten. */
  private async take(frame: WatchedFrame): Promise<boolean> {
    try {
      return await evaluate<boolean>(frame, TAKE);
    } catch {
      if (this.worlds.get(frame.frameId) === frame) this.worlds.delete(frame.frameId);
      return true;
    }
  }

  /** Starts observing the shadow roots the capture shows; true when any was not observed before. */
  private async watchShadowRoots(capture: PageCapture, frames: WatchedFrame[]): Promise<boolean> {
    const documents = [...capture.frames.values()].map(({ frameId, document }, f) => ({
      key: documentKey(frameId, document),
      frame: frames[f]!,
      hosts: shadowRootEntries(document),
    }));
    const observed = new Map<string, Set<number>>();
    for (const { key } of documents) observed.set(key, this.observedRoots.get(key) ?? new Set());
    this.observedRoots = observed;
    if (documents.reduce((n, d) => n + d.hosts.length, 0) > MAX_WATCHED_ROOTS) return true;
    let added = false;
    await Promise.all(
      documents.map(async ({ key, frame, hosts }) => {
        const watched = observed.get(key)!;
        const fresh = hosts.filter(({ host }) => !watched.has(host));
        if (!fresh.length) return;
        added = true;
        // A group per document and read: releasing one must not free another's objects still in use.
        const objectGroup = `loupe-snapshot-watch-${++objectGroups}`;
        await Promise.all(
          fresh.map(async ({ host, child }) => {
            const { object } = await frame.session.send("DOM.resolveNode", {
              backendNodeId: child,
              executionContextId: frame.contextId,
              objectGroup,
            });
            await frame.session.send("Runtime.callFunctionOn", {
              objectId: object.objectId,
              functionDeclaration: OBSERVE_ROOT,
              returnByValue: true,
            });
            // Only once it is observed: a failure leaves the root to be observed on the next read.
            watched.add(host);
          }),
        ).finally(() => frame.session.send("Runtime.releaseObjectGroup", { objectGroup }).catch(() => {}));
      }),
    );
    return added;
  }
}

/**
 * The shadow roots of a captured document, each as its host's backend node id and one node inside it
 * (from which `getRootNode()` reaches the root). In the capture's flat tree a shadow tree's top nodes are
 * its host's children marked with the root's type; a node marked like its parent is taken as a root's top
 * node only when the parent is a custom element (a component inside a component), which covers every
 * root but one attached to a plain element inside a shadow tree of the same type.
 */
function shadowRootEntries(document: DomDocument): { host: number; child: number }[] {
  const entries: { host: number; child: number }[] = [];
  const seen = new Set<number>();
  for (let i = 1; i < document.size; i++) {
    const type = document.shadowRootType(i);
    if (type === undefined) continue;
    const parent = document.parent[i]!;
    if (parent < 0 || seen.has(parent)) continue;
    const parentTag = document.tag(parent);
    if (parentTag === "slot") continue;
    const parentType = document.shadowRootType(parent);
    if (parentType === type && !parentTag.includes("-")) continue;
    seen.add(parent);
    entries.push({ host: document.backendId(parent), child: document.backendId(i) });
  }
  return entries;
}

/** A promise whose failure is handled where it is awaited, and is not an unhandled rejection if it never is. */
function quietly<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

async function worldOf(session: TargetSession, frameId: string): Promise<WatchedFrame> {
  const { executionContextId } = await session.send("Page.createIsolatedWorld", {
    frameId,
    worldName: WORLD,
  });
  // In this context only: the page's own world never sees the binding. Not awaited: the session handles
  // it before any later command, so the watcher installed next finds it.
  session.send("Runtime.addBinding", { name: BINDING, executionContextId }).catch(() => {});
  return { session, frameId, contextId: executionContextId };
}

function documentKey(frameId: string, document: DomDocument): string {
  // A document's own node has a new backend node id in each document the frame loads.
  return `${frameId} ${document.backendId(0)}`;
}

function metricsOf(session: TargetSession): Promise<Metrics> {
  return session.send("Performance.getMetrics").then(({ metrics }) => {
    const value = (name: string) => metrics.find((m) => m.name === name)?.value ?? -1;
    return { key: `${value("LayoutCount")} ${value("RecalcStyleCount")}` };
  });
}

async function evaluate<T>(frame: WatchedFrame, expression: string): Promise<T> {
  const { result, exceptionDetails } = await frame.session.send("Runtime.evaluate", {
    expression,
    contextId: frame.contextId,
    returnByValue: true,
  });
  if (exceptionDetails) throw new Error("the watcher failed");
  return result.value as T;
}

function keyOf(sessions: TargetSession[], metrics: Metrics[], mainLoaderId: string): string {
  const parts = sessions.map((session, i) => `${session.id}:${metrics[i]!.key}`).sort();
  return `${mainLoaderId}|${parts.join("|")}`;
}
