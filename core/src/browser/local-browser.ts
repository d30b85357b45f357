import { connectBrowser, type BrowserSession } from "./browser-session.js";
import { findChromium } from "./chromium-discovery.js";
import { launchChromium, type LocalBrowserOptions } from "./chromium-process.js";

/**
 * Starts a local Chromium (the `localBrowser` option's executable, else one found on this machine) and
 * connects to it. The process is watched: if it exits on its own, `onDeath` hears why.
 */
export async function startLocalBrowser(
  options: LocalBrowserOptions,
  onDeath: (reason: string) => void,
): Promise<BrowserSession> {
  const executablePath = findChromium(options.executablePath);
  const chromium = await launchChromium(executablePath, options);
  let session: BrowserSession | undefined;
  void chromium.exited.then((how) => {
    if (session && !session.deathReason) onDeath(`Chromium exited (${how})`);
  });
  try {
    session = await connectBrowser(chromium.wsEndpoint, { onDeath, end: () => chromium.kill() });
  } catch (error) {
    await chromium.kill();
    throw error;
  }
  return session;
}
