import { describe, expect, it } from "vitest";
import { CdpConnection } from "./cdp-connection.js";
import type { CdpTransport } from "./cdp-transport.js";
import type { PageSessions } from "./page-sessions.js";
import { PageTargets } from "./page-targets.js";

interface Sent {
  method: string;
  params: Record<string, unknown>;
  sessionId?: string;
}

/**
 * A browser on the far end of a transport, as far as target bookkeeping goes: it lists and attaches
 * page targets (session "S-<target>"), can refuse an attach once, and lets the test announce targets.
 */
function fakeBrowser(pages: string[]) {
  const sent: Sent[] = [];
  const refuseAttach = new Set<string>();
  const transport: CdpTransport = {
    send(message) {
      const { id, method, params, sessionId } = JSON.parse(message) as Sent & { id: number };
      sent.push({ method, params, ...(sessionId ? { sessionId } : {}) });
      const answer = (body: object) =>
        queueMicrotask(() => transport.onmessage?.(JSON.stringify({ id, ...body })));
      if (method === "Target.getTargets")
        return answer({ result: { targetInfos: pages.map((targetId) => ({ targetId, type: "page" })) } });
      if (method === "Target.attachToTarget") {
        const targetId = String(params["targetId"]);
        if (refuseAttach.delete(targetId))
          return answer({ error: { code: -32000, message: "Target closed" } });
        return answer({ result: { sessionId: `S-${targetId}` } });
      }
      answer({ result: {} });
    },
    close() {},
  };
  const event = (method: string, params: object, sessionId?: string) =>
    transport.onmessage?.(JSON.stringify({ method, params, ...(sessionId ? { sessionId } : {}) }));
  return {
    connection: CdpConnection.over(transport),
    sent,
    refuseAttach,
    event,
    attaches: (targetId: string) =>
      sent.filter((s) => s.method === "Target.attachToTarget" && s.params["targetId"] === targetId).length,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("PageTargets", () => {
  it("follows the page targets oldest first, attaching each as the browser announces it", async () => {
    const browser = fakeBrowser(["A", "B"]);
    const prepared: string[] = [];
    const targets = await PageTargets.follow(browser.connection, {
      prepare: async (sessions) => void prepared.push(sessions.root.targetId),
    });
    expect(targets.pageTargets()).toEqual(["A", "B"]);
    expect(targets.defaultTarget()).toBe("B");

    browser.event("Target.targetCreated", { targetInfo: { targetId: "C", type: "page" } });
    browser.event("Target.targetCreated", { targetInfo: { targetId: "W", type: "service_worker" } });
    await settle();
    expect(targets.pageTargets()).toEqual(["A", "B", "C"]);
    expect(targets.defaultTarget()).toBe("C");
    // Attached before anyone asked, so its requests are watched from its first one.
    expect(prepared.sort()).toEqual(["A", "B", "C"]);
    expect(browser.attaches("W")).toBe(0);

    browser.event("Target.targetDestroyed", { targetId: "C" });
    await settle();
    expect(targets.pageTargets()).toEqual(["A", "B"]);
    expect(browser.sent).toContainEqual({ method: "Target.detachFromTarget", params: { sessionId: "S-C" } });
  });

  it("hands every caller the same sessions, attached once", async () => {
    const browser = fakeBrowser(["A"]);
    const targets = await PageTargets.follow(browser.connection);
    const [first, second] = await Promise.all([targets.sessionsFor("A"), targets.sessionsFor("A")]);
    expect(first).toBe(second);
    expect(first.root).toMatchObject({ id: "S-A", targetId: "A", parent: undefined });
    expect(browser.attaches("A")).toBe(1);
  });

  it("refuses a target that is not an open page, naming the open ones", async () => {
    const targets = await PageTargets.follow(fakeBrowser(["A", "B"]).connection);
    await expect(targets.sessionsFor("Z")).rejects.toThrow(
      '"Z" is not an open page of this browser; its open pages are: A, B.',
    );
    const empty = await PageTargets.follow(fakeBrowser([]).connection);
    expect(() => empty.defaultTarget()).toThrow("The browser has no open page");
  });

  it("forgets an attach that failed, so the next call tries again", async () => {
    const browser = fakeBrowser([]);
    const targets = await PageTargets.follow(browser.connection);
    browser.refuseAttach.add("A");
    browser.event("Target.targetCreated", { targetInfo: { targetId: "A", type: "page" } });
    await settle();
    const sessions = await targets.sessionsFor("A");
    expect(sessions.root.id).toBe("S-A");
    expect(browser.attaches("A")).toBe(2);
  });

  it("reaches a library's page through its target id, and refuses a closed one", async () => {
    const browser = fakeBrowser(["A"]);
    const targets = await PageTargets.follow(browser.connection);
    const librarySession = {
      send: async () => ({ targetInfo: { targetId: "A" } }),
      detach: async () => {},
    };
    let closed = false;
    const page = {
      mainFrame: () => ({}),
      isClosed: () => closed,
      context: () => ({ newCDPSession: async () => librarySession }),
    };
    expect(await targets.sessionsForPage(page)).toBe(await targets.sessionsFor("A"));
    closed = true;
    await expect(targets.sessionsForPage(page)).rejects.toThrow("it is closed");
    await expect(targets.sessionsForPage({})).rejects.toThrow("neither a Playwright");
  });
});

describe("PageSessions", () => {
  async function pageSessions(): Promise<{
    browser: ReturnType<typeof fakeBrowser>;
    sessions: PageSessions;
  }> {
    const browser = fakeBrowser(["P"]);
    const targets = await PageTargets.follow(browser.connection);
    return { browser, sessions: await targets.sessionsFor("P") };
  }

  it("takes in the page's out-of-process iframes at any depth and lets other targets go", async () => {
    const { browser, sessions } = await pageSessions();
    expect(browser.sent).toContainEqual({
      method: "Target.setAutoAttach",
      params: { autoAttach: true, waitForDebuggerOnStart: false, flatten: true },
      sessionId: "S-P",
    });
    const attached = (sessionId: string, targetId: string, type: string, parent: string) =>
      browser.event(
        "Target.attachedToTarget",
        { sessionId, targetInfo: { targetId, type, url: "" } },
        parent,
      );
    attached("S-F1", "F1", "iframe", "S-P");
    attached("S-F2", "F2", "iframe", "S-F1");
    attached("S-W", "W", "worker", "S-P");
    // Another page's frame is not this page's business.
    attached("S-X", "X", "iframe", "S-OTHER");
    await settle();
    const all = sessions.all();
    expect(all.map((s) => s.targetId)).toEqual(["P", "F1", "F2"]);
    expect(all[2]?.parent).toBe(all[1]);
    expect(browser.sent).toContainEqual({
      method: "Target.detachFromTarget",
      params: { sessionId: "S-W" },
      sessionId: "S-P",
    });

    browser.event("Target.detachedFromTarget", { sessionId: "S-F2" });
    expect(sessions.all().map((s) => s.targetId)).toEqual(["P", "F1"]);
  });

  it("numbers frames 0 for the page, then in order of first sight, for good", async () => {
    const { sessions } = await pageSessions();
    expect(sessions.ordinalOf("F9")).toBe(1);
    expect(sessions.ordinalOf("P")).toBe(0);
    expect(sessions.ordinalOf("F3")).toBe(2);
    expect(sessions.ordinalOf("F9")).toBe(1);
  });

  it("hears events of its own sessions only, until unsubscribed or detached", async () => {
    const { browser, sessions } = await pageSessions();
    const heard: string[] = [];
    const off = sessions.on("Page.frameNavigated", (params, session) =>
      heard.push(`${session.targetId}:${params.frame.id}`),
    );
    const navigated = (frameId: string, sessionId: string) =>
      browser.event("Page.frameNavigated", { frame: { id: frameId } }, sessionId);
    navigated("P", "S-P");
    navigated("Q", "S-Q");
    off();
    navigated("P", "S-P");
    sessions.on("Page.frameNavigated", (params) => heard.push(`again:${params.frame.id}`));
    await sessions.detach();
    navigated("P", "S-P");
    expect(heard).toEqual(["P:P"]);
    expect(browser.sent.at(-1)).toEqual({ method: "Target.detachFromTarget", params: { sessionId: "S-P" } });
  });
});
