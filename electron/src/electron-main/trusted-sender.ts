/** The parts of Electron's `WebFrameMain` the sender check reads. */
export interface FrameIdentity {
  readonly url: string;
  readonly processId: number;
  readonly routingId: number;
  readonly parent: FrameIdentity | null;
}

/** The parts of an `IpcMainEvent` the sender check reads. */
export interface SenderEvent {
  readonly sender: unknown;
  readonly senderFrame: FrameIdentity | null;
}

/** The app window as the check knows it: its web contents, their main frame, and the UI's URL. */
export interface AppWindowIdentity {
  readonly webContents: { readonly mainFrame: FrameIdentity };
  /** `file:///…/renderer/dist/index.html`. */
  readonly appUrl: string;
}

/**
 * Whether an IPC message comes from the Studio's own UI: the app window's web contents, their top
 * frame (never an iframe), showing the app's index file. Everything else is dropped unanswered. The
 * frame can be gone (null) when it navigated or closed while the message was in flight.
 */
export function isTrustedSender(event: SenderEvent, window: AppWindowIdentity): boolean {
  const frame = event.senderFrame;
  if (frame === null || event.sender !== window.webContents) return false;
  const main = window.webContents.mainFrame;
  if (frame.parent !== null || frame.processId !== main.processId || frame.routingId !== main.routingId)
    return false;
  return withoutFragment(frame.url) === withoutFragment(window.appUrl);
}

function withoutFragment(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.hash = "";
    parsed.search = "";
    return parsed.href;
  } catch {
    // An unparsable URL is nothing the app loaded: make it unequal to everything.
    return `\0${url}`;
  }
}
