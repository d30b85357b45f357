import { CdpCommandError, CdpConnection, type CdpParams } from "../cdp/cdp-connection.js";
import type { CdpTransport } from "../cdp/cdp-transport.js";
import type { PageSessions } from "../cdp/page-sessions.js";
import { WatchedTargets } from "../client/watched-targets.js";
import { ClientError } from "../errors.js";

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

interface TargetInfo {
  targetId: string;
  type: string;
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
    const tracker = new TargetTracker(connection);
    await tracker.start(options.blockedUrlPatterns ?? []);
    return tracker;
  } catch (error) {
    connection.close();
    throw error;
  }
}

class TargetTracker implements EngineBrowser {
  private readonly order: string[] = [];
  private readonly targets: WatchedTargets;

  constructor(private readonly connection: CdpConnection) {
    this.targets = new WatchedTargets(connection);
  }

  get closed(): boolean {
    return this.connection.closed;
  }

  async start(blockedUrlPatterns: string[]): Promise<void> {
    this.connection.on("Target.targetCreated", (params) => {
      const { targetInfo } = params as { targetInfo: TargetInfo };
      if (targetInfo.type === "page") this.add(targetInfo.targetId);
    });
    this.connection.on("Target.targetDestroyed", (params) => {
      const { targetId } = params as { targetId: string };
      const index = this.order.indexOf(targetId);
      if (index >= 0) this.order.splice(index, 1);
      this.targets.forget(targetId);
    });
    if (blockedUrlPatterns.length) await this.blockEverywhere(blockedUrlPatterns);
    await this.connection.send("Target.setDiscoverTargets", { discover: true });
    const { targetInfos } = await this.connection.send<{ targetInfos: TargetInfo[] }>("Target.getTargets");
    for (const target of targetInfos) if (target.type === "page") this.add(target.targetId);
  }

  pageTargets(): string[] {
    return [...this.order];
  }

  defaultTarget(): string {
    const target = this.order.at(-1);
    if (!target) throw new ClientError("The browser has no open page. Open one first (context.newPage()).");
    return target;
  }

  sessionsFor(targetId: string): Promise<PageSessions> {
    if (!this.order.includes(targetId))
      return Promise.reject(
        new ClientError(
          `"${targetId}" is not an open page of this browser; its open pages are: ${this.order.join(", ") || "none"}.`,
        ),
      );
    return this.attach(targetId);
  }

  close(): void {
    this.connection.close();
  }

  private add(targetId: string): void {
    if (this.order.includes(targetId)) return;
    this.order.push(targetId);
    void this.attach(targetId).catch(() => {});
  }

  private attach(targetId: string): Promise<PageSessions> {
    return this.targets.sessionsFor(targetId);
  }

  /**
   * Browser-wide auto-attach that holds each new target until it is released: a page gets the block
   * list before it makes its first request, which setting it after `targetCreated` could not promise.
   */
  private async blockEverywhere(patterns: string[]): Promise<void> {
    this.connection.on("Target.attachedToTarget", (params, parentSessionId) => {
      if (parentSessionId) return; // Attached under a page session: PageSessions' own business.
      const { sessionId, targetInfo } = params as { sessionId: string; targetInfo: TargetInfo };
      void this.holdAndBlock(sessionId, targetInfo, patterns);
    });
    await this.connection.send("Target.setAutoAttach", {
      autoAttach: true,
      waitForDebuggerOnStart: true,
      flatten: true,
    });
  }

  private async holdAndBlock(sessionId: string, target: TargetInfo, patterns: string[]): Promise<void> {
    const send = (method: string, params: CdpParams = {}) => this.connection.send(method, params, sessionId);
    try {
      if (target.type === "page") {
        await send("Network.enable");
        await setBlockedUrls(send, patterns);
      }
    } catch {
      // A target that closed while being set up has nothing left to block.
    } finally {
      await send("Runtime.runIfWaitingForDebugger").catch(() => {});
    }
  }
}

/** Chromium 138+ takes URLPattern rules; older ones only the deprecated wildcard list. */
async function setBlockedUrls(
  send: (method: string, params?: CdpParams) => Promise<unknown>,
  patterns: string[],
): Promise<void> {
  try {
    await send("Network.setBlockedURLs", {
      urlPatterns: patterns.map((urlPattern) => ({ urlPattern, block: true })),
    });
  } catch (error) {
    if (!(error instanceof CdpCommandError)) throw error;
    await send("Network.setBlockedURLs", { urls: patterns });
  }
}
