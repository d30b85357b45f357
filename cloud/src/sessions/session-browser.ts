import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  attachEngineBrowser,
  findChromium,
  launchChromiumWithPipe,
  type EngineBrowser,
  type LocalBrowserOptions,
  type PipedChromiumProcess,
} from "@loupe/core/engine";
import type { FetchPolicy } from "../fetch/index.js";
import { adBlockUrlPatterns } from "./ad-block-list.js";
import { browserEnvironment, egressSwitches } from "./browser-environment.js";
import { admitsTarget } from "./cdp-command-policy.js";
import { CdpRouter } from "./cdp-router.js";
import { EgressProxy } from "./egress-proxy.js";

/** How session browsers are started. */
export interface SessionBrowserOptions {
  /** Executable and extra switches (the server operator's). */
  browser: LocalBrowserOptions;
  /** The fetch policy: its address rules are the browser's too (unless it allows private networks). */
  policy: FetchPolicy;
  blockAds: boolean;
}

/** A session's browser with everything around it. */
export interface SessionBrowser {
  chromium: PipedChromiumProcess;
  /** Shares the browser's DevTools pipe between the engine and every client connection. */
  router: CdpRouter;
  /** Loupe's own connection, for server-side extract and act. */
  engine: EngineBrowser;
  /** Where the session's downloads land (inside its own directory). */
  downloadDir: string;
  /** Ends the browser, its proxy and its directory. Safe to call more than once. */
  close(): Promise<void>;
}

/**
 * Starts a session's browser inside the session's boundary: its own directory (profile, downloads and
 * temporary files, removed at the end) as HOME, an environment without the server's secrets, DevTools on
 * a pipe only (no port for a page or another session to reach), every request through an egress proxy
 * that applies the fetch policy's address rules, and downloads off until a client asks for them.
 *
 * With `allowPrivateNetwork` (the Studio's embedded cloud, one person's machine) the browser connects
 * directly, as a local browser would; the rest of the boundary stays.
 */
export async function launchSessionBrowser(options: SessionBrowserOptions): Promise<SessionBrowser> {
  const dir = await mkdtemp(join(tmpdir(), "loupe-session-"));
  const downloadDir = join(dir, "downloads");
  let proxy: EgressProxy | undefined;
  let chromium: PipedChromiumProcess | undefined;
  let router: CdpRouter | undefined;
  const close = async () => {
    router?.close();
    await chromium?.kill();
    await proxy?.close();
    await rm(dir, { recursive: true, force: true }).catch(() => {});
  };
  try {
    await Promise.all(["profile", "downloads", "tmp"].map((name) => mkdir(join(dir, name))));
    if (!options.policy.allowPrivateNetwork) proxy = await EgressProxy.start(options.policy);
    chromium = await launchChromiumWithPipe(
      findChromium(options.browser.executablePath),
      {
        ...options.browser,
        // The operator's switches first: the egress switches must be the ones that count.
        args: [...(options.browser.args ?? []), ...(proxy ? egressSwitches(proxy.url) : [])],
      },
      { env: browserEnvironment(process.env, dir), userDataDir: join(dir, "profile") },
    );
    router = await CdpRouter.start(chromium.transport, { admitsTarget });
    await router.command("Browser.setDownloadBehavior", { behavior: "deny" });
    const engine = await attachEngineBrowser(await router.connect(), {
      ...(options.blockAds ? { blockedUrlPatterns: adBlockUrlPatterns() } : {}),
    });
    let closing: Promise<void> | undefined;
    return {
      chromium,
      router,
      engine,
      downloadDir,
      close() {
        engine.close();
        return (closing ??= close());
      },
    };
  } catch (error) {
    await close();
    throw error;
  }
}
