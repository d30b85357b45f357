/**
 * The preload as Electron's sandbox runs it: what it exposes to the page (exactly one global, one
 * function per Studio method), what it may load (only `electron`), and the whole IPC pipe to main's
 * transport, its sender checks and the Studio server.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { runInNewContext } from "node:vm";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import type { StudioHandlers } from "../common/studio-api.js";
import { studioMethods } from "../common/studio-methods.js";
import { createIpcMainTransport, type IpcMainLike } from "../electron-main/ipc-main-transport.js";
import { STUDIO_IPC_CHANNEL, methodsArgument } from "../electron-main/ipc-protocol.js";
import type { FrameIdentity, SenderEvent } from "../electron-main/trusted-sender.js";
import { createStudioServer } from "../node/studio-server.js";

type Listener = (event: { sender: string }, message: unknown) => void;

// #region The sandbox: the preload's source, transpiled to CommonJS, in a fresh V8 context whose
// `require` knows only `electron` (a fake that records `contextBridge.exposeInMainWorld` and carries
// `ipcRenderer` messages as structured clones).

/** The preload, loaded, with its side of IPC exposed to the test. */
interface SandboxedPreload {
  /** Everything `exposeInMainWorld` received, by key. */
  exposed: Record<string, unknown>;
  /** Every module the preload asked `require` for. */
  required: string[];
  /** Messages the preload sent, per channel, in order (the test or a fake main reads them). */
  sent: { channel: string; message: unknown }[];
  /** Called for each `ipcRenderer.send`, e.g. to hand the message to a fake `ipcMain`. */
  onSend(handler: (channel: string, message: unknown) => void): void;
  /** Delivers a message from main on a channel, as `webContents.send` would. */
  deliver(channel: string, message: unknown): void;
}

const SOURCE = fileURLToPath(new URL("./preload.cts", import.meta.url));

/** Loads the preload with `argv` as the renderer's `process.argv`. */
function loadSandboxedPreload(argv: string[]): SandboxedPreload {
  const { outputText } = ts.transpileModule(readFileSync(SOURCE, "utf8"), {
    fileName: "preload.cts",
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  });
  const exposed: Record<string, unknown> = {};
  const required: string[] = [];
  const sent: { channel: string; message: unknown }[] = [];
  const listeners = new Map<string, Listener[]>();
  const sendHandlers: ((channel: string, message: unknown) => void)[] = [];
  const electron = {
    contextBridge: {
      exposeInMainWorld(key: string, api: unknown) {
        exposed[key] = api;
      },
    },
    ipcRenderer: {
      on(channel: string, listener: Listener) {
        listeners.set(channel, [...(listeners.get(channel) ?? []), listener]);
      },
      send(channel: string, message: unknown) {
        const copy = structuredClone(message);
        sent.push({ channel, message: copy });
        for (const handler of sendHandlers) handler(channel, copy);
      },
    },
  };
  const module = { exports: {} };
  runInNewContext(outputText, {
    module,
    exports: module.exports,
    process: { argv },
    require(name: string) {
      required.push(name);
      // The sandbox's `require`: a preload that loads anything else would fail to start in Electron.
      if (name !== "electron") throw new Error(`a sandboxed preload cannot require "${name}"`);
      return electron;
    },
  });
  return {
    exposed,
    required,
    sent,
    onSend: (handler) => sendHandlers.push(handler),
    deliver(channel, message) {
      for (const listener of listeners.get(channel) ?? [])
        listener({ sender: "main" }, structuredClone(message));
    },
  };
}

// #endregion

/** What the page sees as `window.loupeStudio`. */
interface ExposedBridge {
  methods: Record<string, (params: unknown) => Promise<unknown>>;
  onEvent(handler: (name: string, payload: unknown) => void): () => void;
}

const METHOD_NAMES = Object.keys(studioMethods);

describe("the preload", () => {
  it("exposes one global, loupeStudio, with one function per Studio method and onEvent — nothing else", () => {
    const preload = loadSandboxedPreload(["/electron", "--type=renderer", methodsArgument(METHOD_NAMES)]);
    expect(Object.keys(preload.exposed)).toEqual(["loupeStudio"]);
    const bridge = preload.exposed["loupeStudio"] as ExposedBridge;
    expect(Object.keys(bridge).sort()).toEqual(["methods", "onEvent"]);
    expect(Object.keys(bridge.methods).sort()).toEqual([...METHOD_NAMES].sort());
    for (const method of Object.values(bridge.methods)) expect(typeof method).toBe("function");
    expect(typeof bridge.onEvent).toBe("function");
  });

  it("loads no module but electron, as the sandbox demands", () => {
    expect(loadSandboxedPreload([methodsArgument(METHOD_NAMES)]).required).toEqual(["electron"]);
  });

  it("exposes no method when main passed none, and ignores names that are no method", () => {
    const preload = loadSandboxedPreload([methodsArgument(["app.info", "__proto__", "x;alert(1)"])]);
    expect(Object.keys((preload.exposed["loupeStudio"] as ExposedBridge).methods)).toEqual(["app.info"]);
    const none = loadSandboxedPreload([]);
    expect(Object.keys((none.exposed["loupeStudio"] as ExposedBridge).methods)).toEqual([]);
  });

  it("sends a call as a request on main's channel and resolves with main's answer", async () => {
    const preload = loadSandboxedPreload([methodsArgument(METHOD_NAMES)]);
    const bridge = preload.exposed["loupeStudio"] as ExposedBridge;
    const answer = bridge.methods["app.info"]?.({});
    expect(preload.sent).toEqual([
      { channel: STUDIO_IPC_CHANNEL, message: { kind: "request", id: 1, method: "app.info", params: {} } },
    ]);
    preload.deliver(STUDIO_IPC_CHANNEL, { kind: "response", id: 1, ok: true, result: { shell: "electron" } });
    await expect(answer).resolves.toEqual({ ok: true, result: { shell: "electron" } });
  });
});

describe("the IPC pipe: preload → main's transport → Studio server", () => {
  /** A fake app window: its contents, their main frame, and an `ipcMain` that delivers with a sender. */
  function electronPair(appUrl = "file:///app/renderer/dist/index.html") {
    const mainFrame: FrameIdentity = { url: appUrl, processId: 7, routingId: 1, parent: null };
    const listeners: ((event: SenderEvent, message: unknown) => void)[] = [];
    const ipcMain: IpcMainLike = {
      on: (_channel, listener) => listeners.push(listener),
      removeListener: () => {},
    };
    const preload = loadSandboxedPreload([methodsArgument(METHOD_NAMES)]);
    const webContents = {
      mainFrame,
      send: (channel: string, message: unknown) => preload.deliver(channel, message),
      isDestroyed: () => false,
      once: () => {},
    };
    let sender: SenderEvent = { sender: webContents, senderFrame: mainFrame };
    preload.onSend((_channel, message) => {
      for (const listener of listeners) listener(sender, message);
    });
    const rejected: SenderEvent[] = [];
    const transport = createIpcMainTransport({
      ipcMain,
      webContents,
      appUrl,
      onRejected: (event) => rejected.push(event),
    });
    const handlers = {
      "app.info": async () => ({ demoUrl: "http://127.0.0.1:1/", shell: "electron", version: "0.1.0" }),
    } as unknown as StudioHandlers;
    const server = createStudioServer(handlers);
    server.attach(transport);
    return {
      bridge: preload.exposed["loupeStudio"] as ExposedBridge,
      server,
      rejected,
      setSender: (event: SenderEvent) => (sender = event),
      webContents,
      mainFrame,
    };
  }

  it("answers a call from the app window's main frame, validated by the contract", async () => {
    const { bridge } = electronPair();
    await expect(bridge.methods["app.info"]?.({})).resolves.toEqual({
      ok: true,
      result: { demoUrl: "http://127.0.0.1:1/", shell: "electron", version: "0.1.0" },
    });
    const bad = (await bridge.methods["settings.get"]?.({ extra: 1 })) as {
      ok: boolean;
      error: { code: string };
    };
    expect(bad.ok).toBe(false);
    expect(bad.error.code).toBe("invalid_params");
  });

  it("pushes the service's events to the page's handlers until unsubscribed", async () => {
    const { bridge, server } = electronPair();
    const seen: [string, unknown][] = [];
    const off = bridge.onEvent((name, payload) => seen.push([name, payload]));
    server.emit("session.pageClosed", { pageId: "p1" });
    off();
    server.emit("session.pageClosed", { pageId: "p2" });
    expect(seen).toEqual([["session.pageClosed", { pageId: "p1" }]]);
  });

  it("checks every message's sender: a subframe, another window, a foreign URL or a gone frame get nothing", async () => {
    const { bridge, rejected, setSender, webContents, mainFrame } = electronPair();
    const untrusted: SenderEvent[] = [
      {
        sender: webContents,
        senderFrame: { url: "https://evil.test/", processId: 9, routingId: 4, parent: mainFrame },
      },
      { sender: { other: true }, senderFrame: mainFrame },
      { sender: webContents, senderFrame: { ...mainFrame, url: "https://evil.test/index.html" } },
      { sender: webContents, senderFrame: { ...mainFrame, url: "file:///elsewhere/index.html" } },
      { sender: webContents, senderFrame: null },
    ];
    for (const event of untrusted) {
      setSender(event);
      const answer = bridge.methods["app.info"]?.({});
      const outcome = await Promise.race([answer, new Promise((r) => setTimeout(() => r("no answer"), 50))]);
      expect(outcome).toBe("no answer");
    }
    expect(rejected).toHaveLength(untrusted.length);
    // The same window, back on its own page (a fragment is the UI's own routing), is answered again.
    setSender({ sender: webContents, senderFrame: { ...mainFrame, url: `${mainFrame.url}#/history` } });
    await expect(bridge.methods["app.info"]?.({})).resolves.toMatchObject({ ok: true });
  });
});
