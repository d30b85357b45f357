import { CdpCommandError, CdpConnection } from "../cdp/cdp-connection.js";
import type { Protocol } from "../cdp/cdp-protocol.js";
import type { CdpTransport } from "../cdp/cdp-transport.js";
import type { PageSessions } from "../cdp/page-sessions.js";
import { PageTargets } from "../cdp/page-targets.js";
import { watchNetwork } from "../act/page-settle.js";

/** How the server holds a browser it runs extract and act in. */
export interface EngineBrowserOptions {
  /**
   * URL patterns (`*` wildcards, like `*://*.doubleclick.net/*`) every page of the browser may not
   * load, applied to each page before it runs, pages opened later included.
   */
  blockedUrlPatterns?: string[];
}

/**
 * A browser reached over its DevTools endpoint by target id alone, without Playwright: what Loupe Cloud
 * needs to run extract and act on pages that a remote client drives.
 */
export interface EngineBrowser {
  /** Open page targets, oldest first. */
  pageTargets(): string[];
  /** The page calls default to: the most recently opened page that is still open (as the Client's). */
  defaultTarget(): string;
  /** Loupe's sessions for an open page target, attached on first use and kept while it is open. */
  sessionsFor(targetId: string): Promise<PageSessions>;
  /** Whether the DevTools connection has closed (the browser went away). */
  readonly closed: boolean;
  /** Closes Loupe's connection; the browser keeps running. */
  close(): void;
}

/**
 * Connects to the browser (at a DevTools websocket URL, or over a transport already open to it) and
 * follows its page targets. Every page is attached the moment the browser creates it, so its requests
 * are watched from the start (as `Client` does) and, with `blockedUrlPatterns`, it is held before its
 * first request until the block list is set.
 */
export async function attachEngineBrowser(
  browser: string | CdpTransport,
  options: EngineBrowserOptions = {},
): Promise<EngineBrowser> {
  const connection =
    typeof browser === "string" ? await CdpConnection.connect(browser) : CdpConnection.over(browser);
  try {
    const patterns = options.blockedUrlPatterns ?? [];
    if (patterns.length) await blockEverywhere(connection, patterns);
    return await PageTargets.follow(connection, { prepare: watchNetwork });
  } catch (error) {
    connection.close();
    throw error;
  }
}

/**
 * Browser-wide auto-attach that holds each new target until it is released: a page gets the block
 * list before it makes its first request, which setting it after `targetCreated` could not promise.
 */
async function blockEverywhere(connection: CdpConnection, patterns: string[]): Promise<void> {
  connection.on("Target.attachedToTarget", (params, parentSessionId) => {
    if (parentSessionId) return; // Attached under a page session: PageSessions' own business.
    void holdAndBlock(connection, params.sessionId, params.targetInfo, patterns);
  });
  await connection.send("Target.setAutoAttach", {
    autoAttach: true,
    waitForDebuggerOnStart: true,
    flatten: true,
  });
}

async function holdAndBlock(
  connection: CdpConnection,
  sessionId: string,
  target: Protocol.Target.TargetInfo,
  patterns: string[],
): Promise<void> {
  try {
    if (target.type === "page") {
      await connection.sendTo(sessionId, "Network.enable", {});
      await setBlockedUrls(
        (params) => connection.sendTo(sessionId, "Network.setBlockedURLs", params),
        patterns,
      );
    }
  } catch {
    // A target that closed while being set up has nothing left to block.
  } finally {
    await connection.sendTo(sessionId, "Runtime.runIfWaitingForDebugger").catch(() => {});
  }
}

/** Chromium 138+ takes URLPattern rules; older ones only the deprecated wildcard list. */
async function setBlockedUrls(
  setBlocked: (params: Protocol.Network.SetBlockedURLsRequest) => Promise<unknown>,
  patterns: string[],
): Promise<void> {
  try {
    await setBlocked({ urlPatterns: patterns.map((urlPattern) => ({ urlPattern, block: true })) });
  } catch (error) {
    if (!(error instanceof CdpCommandError)) throw error;
    await setBlocked({ urls: patterns });
  }
}
