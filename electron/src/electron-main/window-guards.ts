import type { Session, WebContents } from "electron";
import { withContentSecurityPolicy } from "./content-security-policy.js";

/**
 * Denies, in every web contents the app creates, what the UI never needs: navigating away (a link or a
 * script could otherwise put a foreign page, with the preload's bridge, in the app window), redirects,
 * new windows, and `<webview>`. Pages under automation live in the service's own Chromium, never here.
 */
export function lockDownWebContents(contents: WebContents): void {
  contents.on("will-navigate", (event) => event.preventDefault());
  contents.on("will-frame-navigate", (event) => event.preventDefault());
  contents.on("will-redirect", (event) => event.preventDefault());
  contents.on("will-attach-webview", (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: "deny" }));
}

/**
 * Hardens the app's session: every permission (camera, notifications, clipboard, …) is refused, both
 * when asked for and when checked, and every response that has headers carries the strict CSP.
 */
export function lockDownSession(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
  session.webRequest.onHeadersReceived((details, callback) =>
    callback({ responseHeaders: withContentSecurityPolicy(details.responseHeaders) }),
  );
}
