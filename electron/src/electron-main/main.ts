/**
 * The Electron main process: the Studio service (browser sessions, extraction engine, embedded Loupe
 * Cloud) behind the typed Studio API, served over IPC to one locked-down window showing the React UI
 * from disk. Started by `loupe studio` with the Electron binary; see electron/SECURITY.md for where each
 * item of Electron's security checklist is enforced.
 */
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { app, BrowserWindow, ipcMain, safeStorage, session } from "electron";
import { studioMethods } from "../common/studio-methods.js";
import { createStudioServer, type StudioServer } from "../node/studio-server.js";
import { StudioService } from "../node/studio-service.js";
import { rendererDist } from "../node/web-studio.js";
import { appWindowOptions } from "./app-window-options.js";
import { createIpcMainTransport } from "./ipc-main-transport.js";
import { openSafeStorageKeyStore } from "./safe-storage-key-store.js";
import { lockDownSession, lockDownWebContents } from "./window-guards.js";

const PRELOAD = fileURLToPath(new URL("../preload/preload.cjs", import.meta.url));

// Every renderer in the OS sandbox, whatever a window's options say; set before the app is ready.
app.enableSandbox();
// Guards go on each web contents the moment it exists, before it can load or open anything.
app.on("web-contents-created", (_event, contents) => lockDownWebContents(contents));

if (!app.requestSingleInstanceLock()) {
  // A second launch focuses the running Studio instead of starting a second browser and service.
  app.quit();
} else {
  void start().catch((error: unknown) => {
    process.stderr.write(
      `Loupe Studio could not start: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
    app.exit(1);
  });
}

async function start(): Promise<void> {
  await app.whenReady();
  lockDownSession(session.defaultSession);
  const keyStore = await openSafeStorageKeyStore(
    join(app.getPath("userData"), "model-keys.json"),
    safeStorage,
  );
  const emitTo: { server?: StudioServer } = {};
  const service = new StudioService({
    shell: "electron",
    keyStore,
    emit: (event, payload) => emitTo.server?.emit(event, payload),
  });
  stopServiceOnQuit(service);
  await service.start();
  const server = createStudioServer(service.handlers);
  emitTo.server = server;

  const indexPath = join(rendererDist(), "index.html");
  const window = new BrowserWindow(appWindowOptions(PRELOAD, Object.keys(studioMethods)));
  server.attach(
    createIpcMainTransport({
      ipcMain,
      webContents: window.webContents,
      appUrl: pathToFileURL(indexPath).href,
      onRejected: (event) =>
        process.stderr.write(
          `Loupe Studio: ignored a message from ${event.senderFrame?.url ?? "a closed frame"}\n`,
        ),
    }),
  );
  window.once("ready-to-show", () => window.show());
  app.on("second-instance", () => {
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  await window.loadFile(indexPath);
}

/** Quits with the window (on macOS too: the service's browser has no use without it), stopping the service first. */
function stopServiceOnQuit(service: StudioService): void {
  let stopped = false;
  app.on("window-all-closed", () => app.quit());
  app.on("will-quit", (event) => {
    if (stopped) return;
    event.preventDefault();
    void service.stop().finally(() => {
      stopped = true;
      app.quit();
    });
  });
  // `loupe studio` forwards Ctrl+C and SIGTERM here: quit through the same path.
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => app.quit());
}
