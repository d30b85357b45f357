import type { BrowserWindowConstructorOptions } from "electron";
import { methodsArgument } from "./ipc-protocol.js";

/**
 * The app window's options, kept pure so a unit test can assert the security settings without
 * starting Electron. The window shows only the Studio's own UI: the pages under automation live in the
 * service's separate Chromium and are seen here only as screencast frames.
 */
export function appWindowOptions(
  preloadPath: string,
  methods: readonly string[],
): BrowserWindowConstructorOptions {
  return {
    width: 1440,
    height: 900,
    minWidth: 960,
    minHeight: 600,
    title: "Loupe Studio",
    // Shown once the first paint is ready, so the user never sees a blank white window.
    show: false,
    backgroundColor: "#111318",
    webPreferences: {
      preload: preloadPath,
      // The checklist: the page gets no Node, runs in the OS sandbox, and cannot reach the preload's world.
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      safeDialogs: true,
      additionalArguments: [methodsArgument(methods)],
    },
  };
}
