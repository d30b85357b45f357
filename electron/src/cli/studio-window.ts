import type { WebStudio } from "../node/web-studio.js";
import { openAppModeWindow, type AppModeWindow } from "./app-mode-window.js";
import { writeLaunchPage } from "./launch-page.js";

/**
 * Opens the Studio in an app-mode Chromium window without putting a secret on any command line: the
 * one-time launch code goes in a 0600 page (`writeLaunchPage`) that forwards to the UI, and the window
 * opens that file. The page is removed as soon as the code is traded (or expires), and at the latest
 * when the window is closed.
 */
export async function openStudioWindow(
  studio: Pick<WebStudio, "launch">,
  chromiumPath: string,
  options: { extraArgs?: string[] } = {},
): Promise<AppModeWindow> {
  const ticket = studio.launch();
  const page = await writeLaunchPage(ticket.url);
  void ticket.settled.then(() => page.remove());
  const window = openAppModeWindow(page.fileUrl, chromiumPath, options);
  return {
    ...window,
    async close() {
      await window.close();
      await page.remove();
    },
  };
}
