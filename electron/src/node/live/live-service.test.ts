import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPageServers, type PageServers } from "../../../../test/support/page-server.js";
import { createInMemoryTransportPair } from "../../common/in-memory-transport.js";
import { createStudioClient, type StudioClient } from "../../common/studio-client.js";
import type { StudioEvent } from "../../common/studio-api.js";
import { createStudioServer } from "../studio-server.js";
import { StudioService } from "../studio-service.js";

/** A page laid out at fixed points: a button, an input, an open shadow root and a cross-origin iframe. */
const FIXED_PAGE = (originB: string) => `<!doctype html><html><head><title>Fixed</title>
<style>body{margin:0} #b{position:absolute;left:0;top:0;width:200px;height:100px}
#t{position:absolute;left:0;top:120px;width:200px;height:30px} #h{position:absolute;left:300px;top:0}
iframe{position:absolute;left:0;top:300px;width:500px;height:200px;border:0}</style></head>
<body><button id="b" onclick="this.textContent='Clicked ' + (++window.n)">Press me</button>
<input id="t" aria-label="Name">
<div id="h"></div>
<iframe title="Cross" src="${originB}/frames-shadow/cross.html"></iframe>
<script>window.n = 0; const r = document.getElementById("h").attachShadow({ mode: "open" });
r.innerHTML = '<p style="margin:0;width:200px;height:40px" class="note">Shadow text: Green Scarf</p>';</script>
</body></html>`;

async function until<T>(read: () => T | undefined): Promise<T> {
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("the live view and picker over the in-memory transport", () => {
  let servers: PageServers;
  let service: StudioService;
  let client: StudioClient;
  const frames: StudioEvent<"live.frame">[] = [];

  beforeAll(async () => {
    servers = await startPageServers();
    servers.route("/fixed.html", () => FIXED_PAGE(servers.originB));
    const emitTo: { server?: ReturnType<typeof createStudioServer> } = {};
    service = new StudioService({ env: {}, emit: (event, payload) => emitTo.server?.emit(event, payload) });
    await service.start();
    const server = createStudioServer(service.handlers);
    emitTo.server = server;
    const pair = createInMemoryTransportPair();
    server.attach(pair.server);
    client = createStudioClient(pair.client);
    client.on("live.frame", (frame) => frames.push(frame));
    await client.call("session.open", { url: `${servers.originA}/fixed.html` });
  });

  afterAll(async () => {
    client?.close();
    await service?.stop();
    await servers?.close();
  });

  it("streams numbered JPEG frames of the active tab with the metadata to map them", async () => {
    const { pageId, leaseMs } = await client.call("live.start", {});
    expect(leaseMs).toBeGreaterThan(0);
    const frame = await until(() => frames.find((f) => f.pageId === pageId));
    expect(frame.width).toBeGreaterThan(0);
    expect(frame.metadata.deviceWidth).toBeGreaterThan(0);
    expect(Buffer.from(frame.data, "base64").subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const numbers = frames.map((f) => f.frame);
    expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
  });

  it("hands a window that joins the newest frame, without waiting for the page to repaint", async () => {
    const { pageId, frame } = await client.call("live.start", { withFrame: true });
    expect(frame?.pageId).toBe(pageId);
    expect(frame && frames.some((sent) => sent.frame === frame.frame && sent.data === frame.data)).toBe(true);
    // A renewal asks for none: a JPEG every few seconds would be wasted.
    expect((await client.call("live.start", {})).frame).toBeUndefined();
  });

  it("sends a frame of a still page after a highlight is drawn or hidden", async () => {
    // What the live view relies on when the browser dropped the frame that showed the change: the
    // restart that follows a highlight sends the current picture though nothing repaints.
    const snapshot = await client.call("snapshot.get", {});
    const id = /\[(\d+-\d+)\] button/.exec(snapshot.text)?.[1];
    if (!id) throw new Error(`no button line in:\n${snapshot.text}`);
    await client.call("live.highlight", { elementId: id });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const before = frames.length;
    await client.call("live.clearHighlight", {});
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const after = frames.slice(before);
    // The hide's own repaint, then the restart's picture, which comes with nothing left to repaint.
    expect(after.length).toBeGreaterThanOrEqual(2);
  });

  it("forwards a click and typing to the page", async () => {
    await client.call("live.mouse", { type: "click", x: 50, y: 50 });
    await client.call("live.mouse", { type: "click", x: 50, y: 135 });
    await client.call("live.insertText", { text: "Ada" });
    await client.call("live.key", { type: "down", key: "!", code: "Digit1", text: "!", modifiers: 8 });
    await client.call("live.key", { type: "up", key: "!", code: "Digit1", modifiers: 8 });
    await client.call("live.wheel", { x: 50, y: 50, deltaX: 0, deltaY: 10 });
    const snapshot = await client.call("snapshot.get", {});
    expect(snapshot.text).toContain("Clicked 1");
    expect(snapshot.text).toMatch(/textbox: Name[^\n]*Ada!/);
    expect(snapshot.tokens).toBeGreaterThan(0);
  });

  it("picks an element in a shadow root and in a cross-origin iframe with a selector that finds it", async () => {
    const inShadow = await client.call("live.pick", { x: 320, y: 20 });
    expect(inShadow.description).toBe("p.note");
    expect(inShadow.snapshot).toContain("Shadow text: Green Scarf");
    const cut = await client.call("snapshot.get", { selector: inShadow.selector });
    expect(cut.text).toContain("Shadow text: Green Scarf");

    const inFrame = await client.call("live.pick", { x: 30, y: 300 + 25 });
    expect(inFrame.frameUrl).toBe(`${servers.originB}/frames-shadow/cross.html`);
    expect(inFrame.snapshot).toContain("Cross-origin frame text: Black Boots");
    expect(inFrame.unique, inFrame.selector).toBe(true);
    const framed = await client.call("snapshot.get", { selector: inFrame.selector });
    expect(framed.text).toContain("Black Boots $80.00");
    expect(framed.text).not.toContain("Press me");
  });

  it("highlights a snapshot id and reports the element", async () => {
    const snapshot = await client.call("snapshot.get", {});
    const id = /\[(\d+-\d+)\] button/.exec(snapshot.text)?.[1];
    if (!id) throw new Error(`no button line in:\n${snapshot.text}`);
    const { element } = await client.call("live.highlight", { elementId: id });
    expect(element?.description).toBe("button#b");
    expect(await client.call("live.highlight", { elementId: "0-999999" })).toEqual({ element: null });
    expect(await client.call("live.clearHighlight", {})).toEqual({ ok: true });
  });

  it("stops the screencast on request", async () => {
    expect(await client.call("live.stop", {})).toEqual({ stopped: true });
    expect(await client.call("live.stop", {})).toEqual({ stopped: false });
  });
});
