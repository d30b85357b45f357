import { isStudioMessage, type StudioMessage, type Transport } from "../common/transport.js";
import { STUDIO_IPC_CHANNEL } from "./ipc-protocol.js";
import { isTrustedSender, type AppWindowIdentity, type SenderEvent } from "./trusted-sender.js";

/** The parts of `ipcMain` the transport uses. */
export interface IpcMainLike {
  on(channel: string, listener: (event: SenderEvent, message: unknown) => void): unknown;
  removeListener(channel: string, listener: (event: SenderEvent, message: unknown) => void): unknown;
}

/** The app window's web contents as the transport uses them. */
export interface AppWebContents {
  readonly mainFrame: AppWindowIdentity["webContents"]["mainFrame"];
  send(channel: string, message: unknown): void;
  isDestroyed(): boolean;
  once(event: "destroyed", listener: () => void): unknown;
}

/**
 * Main's end of the Electron IPC transport for one app window: requests arrive on one channel and are
 * handed on only when `isTrustedSender` accepts the sender (every message is checked, not only the
 * first); responses and events go back with `webContents.send`. Closes when the window's contents go.
 */
export function createIpcMainTransport(options: {
  ipcMain: IpcMainLike;
  webContents: AppWebContents;
  appUrl: string;
  /** Told about each message dropped for its sender (main logs it; tests count it). */
  onRejected?: (event: SenderEvent) => void;
}): Transport {
  const { ipcMain, webContents, appUrl } = options;
  const window: AppWindowIdentity = { webContents, appUrl };
  const handlers = new Set<(message: StudioMessage) => void>();
  const closeHandlers: (() => void)[] = [];
  let closed = false;

  const listener = (event: SenderEvent, message: unknown): void => {
    if (closed) return;
    if (!isTrustedSender(event, window)) {
      options.onRejected?.(event);
      return;
    }
    // Only requests flow from the window to main; anything else is not the Studio's UI talking.
    if (!isStudioMessage(message) || message.kind !== "request") return;
    for (const handler of handlers) handler(message);
  };
  const close = (): void => {
    if (closed) return;
    closed = true;
    ipcMain.removeListener(STUDIO_IPC_CHANNEL, listener);
    for (const handler of closeHandlers.splice(0)) handler();
  };

  ipcMain.on(STUDIO_IPC_CHANNEL, listener);
  webContents.once("destroyed", close);
  return {
    send(message) {
      if (!closed && !webContents.isDestroyed()) webContents.send(STUDIO_IPC_CHANNEL, message);
    },
    onMessage(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    onClose(handler) {
      if (closed) queueMicrotask(handler);
      else closeHandlers.push(handler);
    },
    close,
  };
}
