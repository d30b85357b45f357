/**
 * The main process's wiring, run against a fake `electron` module (no Electron binary can be had on
 * this machine) and the real Studio service: the sandbox is forced, every web contents is locked down,
 * the session denies permissions, the window gets the checked options and loads the built UI from
 * disk, IPC from the app's frame reaches the service, and quitting stops the service first.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { BrowserWindowConstructorOptions } from "electron";
import { afterAll, describe, expect, it, vi } from "vitest";
import { rendererDist } from "../node/web-studio.js";
import type { FrameIdentity, SenderEvent } from "./trusted-sender.js";

type Listener = (...args: unknown[]) => unknown;

const fake = vi.hoisted(() => {
  const appListeners = new Map<string, Listener[]>();
  const ipcListeners: Listener[] = [];
  const sent: unknown[] = [];
  const windows: { options: unknown; loaded?: string }[] = [];
  const calls: string[] = [];
  const state = { userData: "" };
  const mainFrame = { url: "", processId: 3, routingId: 1, parent: null };
  const webContents = {
    mainFrame,
    send: (_channel: string, message: unknown) => sent.push(message),
    isDestroyed: () => false,
    once: () => {},
  };
  class BrowserWindow {
    webContents = webContents;
    constructor(options: unknown) {
      windows.push({ options });
    }
    once() {}
    isMinimized() {
      return false;
    }
    restore() {}
    focus() {}
    async loadFile(path: string) {
      const window = windows.at(-1);
      if (window) window.loaded = path;
    }
  }
  const electron = {
    app: {
      enableSandbox: () => calls.push("enableSandbox"),
      on: (event: string, listener: Listener) =>
        appListeners.set(event, [...(appListeners.get(event) ?? []), listener]),
      requestSingleInstanceLock: () => true,
      whenReady: async () => {},
      getPath: () => state.userData,
      quit: () => calls.push("quit"),
      exit: (code: number) => calls.push(`exit ${code}`),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (handler: Listener) => {
          let answer: unknown;
          handler({}, "media", (granted: unknown) => (answer = granted));
          calls.push(`permission request → ${String(answer)}`);
        },
        setPermissionCheckHandler: (handler: Listener) =>
          calls.push(`permission check → ${String(handler())}`),
        setDevicePermissionHandler: (handler: Listener) =>
          calls.push(`device permission → ${String(handler())}`),
        webRequest: { onHeadersReceived: () => calls.push("csp header") },
      },
    },
    safeStorage: {
      isEncryptionAvailable: () => false,
      encryptString: () => Buffer.alloc(0),
      decryptString: () => "",
    },
    ipcMain: {
      on: (_channel: string, listener: Listener) => ipcListeners.push(listener),
      removeListener: () => {},
    },
    BrowserWindow,
  };
  return { electron, appListeners, ipcListeners, sent, windows, calls, state, mainFrame, webContents };
});

vi.mock("electron", () => ({ default: fake.electron, ...fake.electron }));

const signalListeners = { SIGINT: process.listeners("SIGINT"), SIGTERM: process.listeners("SIGTERM") };

afterAll(async () => {
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    for (const listener of process.listeners(signal))
      if (!signalListeners[signal].includes(listener)) process.off(signal, listener);
  if (fake.state.userData) await rm(fake.state.userData, { recursive: true, force: true });
});

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 600 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

describe("the Electron main process", () => {
  it("starts the service and one locked-down window on the built UI, serves IPC, and stops on quit", async () => {
    fake.state.userData = await mkdtemp(join(tmpdir(), "loupe-main-"));
    const indexPath = join(rendererDist(), "index.html");
    fake.mainFrame.url = pathToFileURL(indexPath).href;
    await import("./main.js");
    expect(fake.calls[0]).toBe("enableSandbox");

    // Guards go on every web contents as it is created.
    const guards = new Map<string, Listener>();
    let openHandler: Listener | undefined;
    for (const listener of fake.appListeners.get("web-contents-created") ?? [])
      listener(
        {},
        {
          on: (event: string, l: Listener) => guards.set(event, l),
          setWindowOpenHandler: (h: Listener) => (openHandler = h),
        },
      );
    for (const event of ["will-navigate", "will-frame-navigate", "will-redirect", "will-attach-webview"]) {
      const prevent = vi.fn();
      guards.get(event)?.({ preventDefault: prevent });
      expect(prevent, event).toHaveBeenCalled();
    }
    expect(openHandler?.({ url: "https://example.com/" })).toEqual({ action: "deny" });

    await until(() => fake.windows[0]?.loaded !== undefined, "the window to load");
    expect(fake.calls).toEqual(
      expect.arrayContaining([
        "permission request → false",
        "permission check → false",
        "device permission → false",
        "csp header",
      ]),
    );
    expect(fake.windows).toHaveLength(1);
    expect(fake.windows[0]?.loaded).toBe(indexPath);
    const options = fake.windows[0]?.options as BrowserWindowConstructorOptions;
    expect(options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    });
    expect(options.webPreferences?.preload).toMatch(/preload[/\\]preload\.cjs$/);

    const request = (event: SenderEvent, id: number) => {
      for (const listener of fake.ipcListeners)
        listener(event, { kind: "request", id, method: "app.info", params: {} });
    };
    const foreign: FrameIdentity = { ...fake.mainFrame, url: "https://example.com/" };
    request({ sender: fake.webContents, senderFrame: foreign }, 1);
    request({ sender: fake.webContents, senderFrame: fake.mainFrame }, 2);
    const responses = () => fake.sent.filter((message) => (message as { kind: string }).kind === "response");
    await until(() => responses().length > 0, "an IPC answer");
    // Only the app frame's request is answered; the service's events go to the window as well.
    expect(responses()).toEqual([
      { kind: "response", id: 2, ok: true, result: expect.objectContaining({ shell: "electron" }) },
    ]);

    const preventQuit = vi.fn();
    for (const listener of fake.appListeners.get("will-quit") ?? [])
      listener({ preventDefault: preventQuit });
    expect(preventQuit).toHaveBeenCalled();
    await until(() => fake.calls.includes("quit"), "the service to stop and the app to quit");
  });
});
