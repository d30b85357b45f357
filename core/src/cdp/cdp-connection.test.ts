import { describe, expect, it } from "vitest";
import { ClientDomProcessError, ClientError } from "../errors.js";
import { CdpCommandError, CdpConnection } from "./cdp-connection.js";
import type { CdpTransport } from "./cdp-transport.js";

/** A transport whose far end the test plays: it reads what was sent and answers by hand. */
function wire() {
  const sent: Record<string, unknown>[] = [];
  const transport: CdpTransport & { closed: boolean } = {
    closed: false,
    send: (message) => void sent.push(JSON.parse(message) as Record<string, unknown>),
    close: () => {
      transport.closed = true;
    },
  };
  const connection = CdpConnection.over(transport);
  const receive = (message: unknown) => transport.onmessage?.(JSON.stringify(message));
  return { connection, transport, sent, receive };
}

describe("CdpConnection", () => {
  it("numbers its commands, sends the session id only to a session, and answers each by its id", async () => {
    const { connection, sent, receive } = wire();
    const version = connection.send("Browser.getVersion");
    const tree = connection.sendTo("S1", "Page.getFrameTree");
    expect(sent).toEqual([
      { id: 1, method: "Browser.getVersion", params: {} },
      { id: 2, method: "Page.getFrameTree", params: {}, sessionId: "S1" },
    ]);
    // Answers may come in any order.
    receive({ id: 2, result: { frameTree: { frame: { id: "F" } } }, sessionId: "S1" });
    receive({ id: 1, result: { product: "Chrome/1" } });
    await expect(version).resolves.toEqual({ product: "Chrome/1" });
    await expect(tree).resolves.toEqual({ frameTree: { frame: { id: "F" } } });
  });

  it("rejects a command the browser refuses with the method and the protocol's message", async () => {
    const { connection, receive } = wire();
    const answer = connection.send("Target.attachToTarget", { targetId: "gone" });
    receive({ id: 1, error: { code: -32602, message: "No target with given id found" } });
    const error = await answer.catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(CdpCommandError);
    expect(error).toMatchObject({
      method: "Target.attachToTarget",
      protocolMessage: "No target with given id found",
      code: -32602,
      message: "CDP Target.attachToTarget failed: No target with given id found",
    });
  });

  it("fails the commands of a session that detaches, and only those: the browser never answers them", async () => {
    const { connection, receive } = wire();
    const capture = connection.sendTo("FRAME", "DOMSnapshot.captureSnapshot", { computedStyles: [] });
    const tree = connection.sendTo("PAGE", "Page.getFrameTree");
    const version = connection.send("Browser.getVersion");
    // A frame's session detaches on its parent's session when the page navigates away from the frame.
    receive({ method: "Target.detachedFromTarget", params: { sessionId: "FRAME" }, sessionId: "PAGE" });
    const error = await capture.catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(CdpCommandError);
    expect(error).toMatchObject({
      method: "DOMSnapshot.captureSnapshot",
      message: "CDP DOMSnapshot.captureSnapshot failed: its target detached before it answered",
    });
    receive({ id: 2, result: { frameTree: { frame: { id: "F" } } }, sessionId: "PAGE" });
    receive({ id: 3, result: { product: "Chrome/1" } });
    await expect(tree).resolves.toEqual({ frameTree: { frame: { id: "F" } } });
    await expect(version).resolves.toEqual({ product: "Chrome/1" });
  });

  it("fails a crashed target's commands, those in flight and those sent until it is loaded again", async () => {
    const { connection, sent, receive } = wire();
    const inFlight = connection.sendTo("PAGE", "Runtime.evaluate", { expression: "1" });
    const other = connection.sendTo("OTHER", "Runtime.evaluate", { expression: "2" });
    receive({ method: "Inspector.targetCrashed", params: {}, sessionId: "PAGE" });
    const crashed = /^The page crashed while Loupe was reading it \(Runtime\.evaluate\): .* then retry\.$/;
    await expect(inFlight).rejects.toThrow(crashed);
    await expect(inFlight).rejects.toBeInstanceOf(ClientDomProcessError);
    // Refused without reaching the wire: the renderer would hold it unanswered.
    await expect(
      connection.sendTo("PAGE", "DOMSnapshot.captureSnapshot", { computedStyles: [] }),
    ).rejects.toThrow(/^The page crashed while Loupe was reading it \(DOMSnapshot\.captureSnapshot\)/);
    expect(sent).toHaveLength(2);
    receive({ method: "Inspector.targetReloadedAfterCrash", params: {}, sessionId: "PAGE" });
    const again = connection.sendTo("PAGE", "Runtime.evaluate", { expression: "3" });
    expect(sent).toHaveLength(3);
    receive({ id: 3, result: { result: { type: "number", value: 3 } }, sessionId: "PAGE" });
    await expect(again).resolves.toEqual({ result: { type: "number", value: 3 } });
    receive({ id: 2, result: { result: { type: "number", value: 2 } }, sessionId: "OTHER" });
    await expect(other).resolves.toEqual({ result: { type: "number", value: 2 } });
  });

  it("hands each event to its listeners with the session it came from, until they unsubscribe", () => {
    const { connection, receive } = wire();
    const heard: [string, string | undefined][] = [];
    const off = connection.on("Target.targetDestroyed", (params, sessionId) =>
      heard.push([params.targetId, sessionId]),
    );
    receive({ method: "Target.targetDestroyed", params: { targetId: "T1" } });
    receive({ method: "Target.targetDestroyed", params: { targetId: "T2" }, sessionId: "S1" });
    receive({ method: "Target.targetCreated", params: { targetInfo: {} } });
    off();
    receive({ method: "Target.targetDestroyed", params: { targetId: "T3" } });
    expect(heard).toEqual([
      ["T1", undefined],
      ["T2", "S1"],
    ]);
  });

  it("ignores an answer to no command of its own", async () => {
    const { connection, receive } = wire();
    const answer = connection.send("Browser.getVersion");
    receive({ id: 99, result: {} });
    receive({ id: 1, result: { product: "Chrome/1" } });
    await expect(answer).resolves.toEqual({ product: "Chrome/1" });
  });

  it("fails commands in flight and later ones once the transport closes, and says why once", async () => {
    const { connection, transport } = wire();
    const reasons: Error[] = [];
    connection.onClose((reason) => reasons.push(reason));
    const inFlight = connection.send("Browser.getVersion");
    const reason = new ClientError("The browser's DevTools pipe closed.");
    transport.onclose?.(reason);
    transport.onclose?.(new ClientError("a second report"));
    await expect(inFlight).rejects.toBe(reason);
    await expect(connection.send("Browser.getVersion")).rejects.toBe(reason);
    expect(connection.closed).toBe(true);
    expect(reasons).toEqual([reason]);
    // A listener that comes late still hears it.
    const late: Error[] = [];
    connection.onClose((error) => late.push(error));
    expect(late).toEqual([reason]);
  });

  it("closes its transport on close(), failing what was in flight with a ClientError", async () => {
    const { connection, transport } = wire();
    const inFlight = connection.send("Browser.getVersion");
    connection.close();
    expect(transport.closed).toBe(true);
    await expect(inFlight).rejects.toThrow(ClientError);
    await expect(inFlight).rejects.toThrow("The DevTools connection was closed.");
  });
});
