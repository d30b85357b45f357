import type { CdpTransport } from "@loupe/core/engine";
import { describe, expect, it } from "vitest";
import { admitsTarget } from "./cdp-command-policy.js";
import { CdpRouter, type RouterClient } from "./cdp-router.js";

interface Sent {
  id: number;
  method: string;
  params: Record<string, unknown>;
  sessionId?: string;
}

/** A browser's end of the pipe, scripted: what the router sent, and what the browser says back. */
class FakeBrowser implements CdpTransport {
  onmessage?: (message: string) => void;
  onclose?: (reason: Error) => void;
  readonly sent: Sent[] = [];
  private nextSession = 1;

  send(message: string): void {
    const command = JSON.parse(message) as Sent;
    this.sent.push(command);
    // The browser answers the router's own bookkeeping at once.
    if (command.method === "Target.attachToBrowserTarget")
      this.say({ id: command.id, result: { sessionId: `ROOT${this.nextSession++}` } });
    else if (command.method === "Target.setDiscoverTargets" || command.method === "Target.detachFromTarget")
      this.say({ id: command.id, result: {} });
  }

  close(): void {
    this.onclose?.(new Error("closed"));
  }

  /** Writes a message as Chromium does: `id` first, `sessionId` last. */
  say(message: Record<string, unknown>): void {
    const { sessionId, ...rest } = message;
    this.onmessage?.(JSON.stringify(sessionId === undefined ? rest : { ...rest, sessionId }));
  }

  last(method: string): Sent {
    const found = this.sent.filter((command) => command.method === method).at(-1);
    if (!found) throw new Error(`nothing sent for ${method}`);
    return found;
  }
}

async function routerWithClients(count: number) {
  const browser = new FakeBrowser();
  const router = await CdpRouter.start(browser, { admitsTarget });
  const clients: { client: RouterClient; heard: Record<string, unknown>[] }[] = [];
  for (let i = 0; i < count; i++) {
    const client = await router.connect();
    const heard: Record<string, unknown>[] = [];
    client.onmessage = (text) => heard.push(JSON.parse(text) as Record<string, unknown>);
    clients.push({ client, heard });
  }
  return { browser, router, clients };
}

describe("CdpRouter", () => {
  it("gives each client its own browser session, renumbering ids both ways and hiding the session", async () => {
    const { browser, clients } = await routerWithClients(2);
    const [a, b] = clients as [(typeof clients)[0], (typeof clients)[0]];
    expect(a.client.rootSession).not.toBe(b.client.rootSession);

    a.client.send(JSON.stringify({ id: 7, method: "Browser.getVersion" }));
    b.client.send(JSON.stringify({ id: 7, method: "Browser.getVersion" }));
    const [toA, toB] = browser.sent.filter((command) => command.method === "Browser.getVersion");
    expect(toA).toMatchObject({ sessionId: a.client.rootSession });
    expect(toB).toMatchObject({ sessionId: b.client.rootSession });
    expect(toA!.id).not.toBe(toB!.id);

    browser.say({ id: toB!.id, result: { product: "B" }, sessionId: b.client.rootSession });
    browser.say({ id: toA!.id, result: { product: "A" }, sessionId: a.client.rootSession });
    expect(a.heard).toEqual([{ id: 7, result: { product: "A" } }]);
    expect(b.heard).toEqual([{ id: 7, result: { product: "B" } }]);
  });

  it("routes events to the client whose session they belong to, and only to it", async () => {
    const { browser, clients } = await routerWithClients(2);
    const [a, b] = clients as [(typeof clients)[0], (typeof clients)[0]];
    browser.say({
      method: "Target.attachedToTarget",
      params: { sessionId: "PAGE1", targetInfo: { targetId: "T1", type: "page", url: "about:blank" } },
      sessionId: a.client.rootSession,
    });
    browser.say({ method: "Page.loadEventFired", params: { timestamp: 1 }, sessionId: "PAGE1" });
    expect(a.heard.map((message) => message["method"])).toEqual([
      "Target.attachedToTarget",
      "Page.loadEventFired",
    ]);
    expect(a.heard[0]).not.toHaveProperty("sessionId");
    expect(a.heard[1]).toMatchObject({ sessionId: "PAGE1" });
    expect(b.heard).toEqual([]);

    // The page session is a's: a may use it, b is told it does not exist (as the browser would say).
    a.client.send(JSON.stringify({ id: 1, method: "Runtime.evaluate", sessionId: "PAGE1" }));
    expect(browser.last("Runtime.evaluate")).toMatchObject({ sessionId: "PAGE1" });
    b.client.send(JSON.stringify({ id: 2, method: "Runtime.evaluate", sessionId: "PAGE1" }));
    expect(b.heard).toEqual([
      { id: 2, error: { code: -32001, message: "Session with given id not found." }, sessionId: "PAGE1" },
    ]);
    expect(browser.sent.filter((command) => command.method === "Runtime.evaluate")).toHaveLength(1);
  });

  it("detaches a target it does not admit, and the client never hears of it", async () => {
    const { browser, clients } = await routerWithClients(1);
    const [a] = clients as [(typeof clients)[0]];
    browser.say({
      method: "Target.attachedToTarget",
      params: { sessionId: "UI1", targetInfo: { targetId: "U", type: "browser_ui", url: "chrome://x/" } },
      sessionId: a.client.rootSession,
    });
    expect(browser.last("Target.detachFromTarget")).toMatchObject({
      params: { sessionId: "UI1" },
      sessionId: a.client.rootSession,
    });
    browser.say({ method: "Runtime.consoleAPICalled", params: {}, sessionId: "UI1" });
    expect(a.heard).toEqual([]);
    a.client.send(JSON.stringify({ id: 3, method: "Runtime.evaluate", sessionId: "UI1" }));
    expect(a.heard[0]).toMatchObject({ id: 3, error: { code: -32001 } });
  });

  it("owns a session a client attaches by command, from the answer", async () => {
    const { browser, clients } = await routerWithClients(1);
    const [a] = clients as [(typeof clients)[0]];
    a.client.send(
      JSON.stringify({ id: 4, method: "Target.attachToTarget", params: { targetId: "T", flatten: true } }),
    );
    browser.say({
      id: browser.last("Target.attachToTarget").id,
      result: { sessionId: "PAGE2" },
      sessionId: a.client.rootSession,
    });
    expect(a.heard).toEqual([{ id: 4, result: { sessionId: "PAGE2" } }]);
    a.client.send(JSON.stringify({ id: 5, method: "Page.enable", sessionId: "PAGE2" }));
    expect(browser.last("Page.enable")).toMatchObject({ sessionId: "PAGE2" });
  });

  it("delivers an answer only once the work before it is done", async () => {
    const { browser, clients } = await routerWithClients(1);
    const [a] = clients as [(typeof clients)[0]];
    let finish: () => void = () => {};
    a.client.command(
      { id: 6, method: "Target.createBrowserContext" },
      () => new Promise((resolve) => (finish = resolve)),
    );
    browser.say({
      id: browser.last("Target.createBrowserContext").id,
      result: { browserContextId: "C" },
      sessionId: a.client.rootSession,
    });
    expect(a.heard).toEqual([]);
    finish();
    await new Promise((resolve) => setImmediate(resolve));
    expect(a.heard).toEqual([{ id: 6, result: { browserContextId: "C" } }]);
  });

  it("rewrites messages written in another order by rebuilding them", async () => {
    const { browser, clients } = await routerWithClients(1);
    const [a] = clients as [(typeof clients)[0]];
    a.client.send(JSON.stringify({ id: 9, method: "Browser.getVersion" }));
    const id = browser.last("Browser.getVersion").id;
    browser.onmessage?.(JSON.stringify({ sessionId: a.client.rootSession, result: { v: 1 }, id }));
    expect(a.heard).toEqual([{ result: { v: 1 }, id: 9 }]);
  });

  it("detaches a closed client's browser session and tells it nothing more", async () => {
    const { browser, clients } = await routerWithClients(1);
    const [a] = clients as [(typeof clients)[0]];
    a.client.send(JSON.stringify({ id: 1, method: "Browser.getVersion" }));
    const pending = browser.last("Browser.getVersion");
    a.client.close();
    expect(browser.last("Target.detachFromTarget")).toMatchObject({
      params: { sessionId: a.client.rootSession },
    });
    browser.say({ id: pending.id, result: {}, sessionId: a.client.rootSession });
    expect(a.heard).toEqual([]);
  });

  it("follows the browser's targets on its own session, for the policy to look up", async () => {
    const { browser, router } = await routerWithClients(0);
    const own = browser.last("Target.setDiscoverTargets").sessionId;
    const page = { targetId: "T", type: "page", url: "about:blank", attached: false, canAccessOpener: false };
    browser.say({ method: "Target.targetCreated", params: { targetInfo: page }, sessionId: own });
    expect(router.targetInfo("T")).toMatchObject({ type: "page", url: "about:blank" });
    browser.say({
      method: "Target.targetInfoChanged",
      params: { targetInfo: { ...page, url: "https://a.test/" } },
      sessionId: own,
    });
    expect(router.targetInfo("T")).toMatchObject({ url: "https://a.test/" });
    browser.say({ method: "Target.targetDestroyed", params: { targetId: "T" }, sessionId: own });
    expect(router.targetInfo("T")).toBeUndefined();
  });

  it("ends a client whose browser session the browser detached", async () => {
    const { browser, clients } = await routerWithClients(2);
    const [a, b] = clients as [(typeof clients)[0], (typeof clients)[0]];
    const ended: string[] = [];
    a.client.onclose = (reason) => ended.push(reason.message);
    browser.say({ method: "Target.detachedFromTarget", params: { sessionId: a.client.rootSession } });
    expect(ended).toEqual(["The browser ended this DevTools session."]);
    expect(a.client.released).toBe(true);
    expect(b.client.released).toBe(false);
  });

  it("answers an attach to a session it refused with an error, and does not hand the session over", async () => {
    const { browser, clients } = await routerWithClients(1);
    const [a] = clients as [(typeof clients)[0]];
    a.client.send(JSON.stringify({ id: 8, method: "Target.attachToTarget", params: { targetId: "U" } }));
    // The browser auto-attached the UI target first, which the router refused…
    browser.say({
      method: "Target.attachedToTarget",
      params: { sessionId: "UI2", targetInfo: { targetId: "U", type: "browser_ui", url: "chrome://x/" } },
      sessionId: a.client.rootSession,
    });
    // …so the command's answer naming the same session is no session of the client's.
    browser.say({
      id: browser.last("Target.attachToTarget").id,
      result: { sessionId: "UI2" },
      sessionId: a.client.rootSession,
    });
    expect(a.heard).toEqual([
      { id: 8, error: { code: -32000, message: "Hosted sessions cannot attach to this target." } },
    ]);
    a.client.send(JSON.stringify({ id: 9, method: "Runtime.evaluate", sessionId: "UI2" }));
    expect(a.heard[1]).toMatchObject({ id: 9, error: { code: -32001 } });
  });

  it("ends every client when the browser goes", async () => {
    const { browser, clients } = await routerWithClients(2);
    const ended: string[] = [];
    for (const { client } of clients) client.onclose = (reason) => ended.push(reason.message);
    browser.close();
    expect(ended).toEqual(["closed", "closed"]);
  });
});
