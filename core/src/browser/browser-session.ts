import type { BrowserContext } from "playwright-core";
import { CdpConnection } from "../cdp/cdp-connection.js";

/**
 * A running browser the client works in, whoever started it: its DevTools endpoint, the Playwright
 * context users drive, and Loupe's own CDP connection. Local launch and hosted sessions both produce
 * one.
 */
export interface BrowserSession {
  /** The browser's CDP websocket URL, for attaching other libraries. */
  readonly wsEndpoint: string;
  /** The Playwright context whose pages the user drives. */
  readonly context: BrowserContext;
  /** Loupe's own connection, for the snapshot engine. */
  readonly connection: CdpConnection;
  /** Why the browser is gone, once it is; undefined while it runs. */
  readonly deathReason: string | undefined;
  /** Ends the browser (or the connection to it) and frees what it holds. */
  close(): Promise<void>;
}

/** How `connectBrowser` reaches the browser and what it does when the browser goes. */
export interface ConnectBrowserOptions {
  /** Hears why, once, when the browser dies or its connection drops (not after `close()`). */
  onDeath: (reason: string) => void;
  /** Ends what runs the browser (kills the local process, ends the hosted session); run by `close()`. */
  end: () => Promise<void>;
  /**
   * Headers for the websocket upgrade of both connections: a hosted session's proxy admits only
   * `Authorization: Bearer <key>` of the session's project.
   */
  headers?: Record<string, string>;
}

/**
 * Connects Playwright and Loupe's own CDP connection to a browser at `wsEndpoint`, and watches both so a
 * browser that dies is noticed at once rather than at the next hung call.
 */
export async function connectBrowser(
  wsEndpoint: string,
  options: ConnectBrowserOptions,
): Promise<BrowserSession> {
  const { chromium } = await import("playwright-core");
  const headers = options.headers;
  // Both connect at once; when one fails, the other may still succeed and must be closed. allSettled
  // (not all) waits for both, so neither is left connecting behind a rejection.
  const [browserOutcome, connectionOutcome] = await Promise.allSettled([
    chromium.connectOverCDP(wsEndpoint, headers ? { headers } : {}),
    CdpConnection.connect(wsEndpoint, headers ? { headers } : {}),
  ]);
  if (browserOutcome.status === "rejected" || connectionOutcome.status === "rejected") {
    if (browserOutcome.status === "fulfilled") await browserOutcome.value.close().catch(() => {});
    if (connectionOutcome.status === "fulfilled") connectionOutcome.value.close();
    throw (
      browserOutcome.status === "rejected" ? browserOutcome : (connectionOutcome as PromiseRejectedResult)
    ).reason;
  }
  const browser = browserOutcome.value;
  const connection = connectionOutcome.value;
  const context = browser.contexts()[0] ?? (await browser.newContext());
  let deathReason: string | undefined;
  let closing = false;
  const die = (reason: string) => {
    if (deathReason || closing) return;
    deathReason = reason;
    options.onDeath(reason);
  };
  browser.on("disconnected", () => die("the browser disconnected"));
  connection.onClose(() => die("the browser's DevTools connection closed"));

  const pwBrowser = browser;
  const cdp = connection;
  return {
    wsEndpoint,
    context,
    connection: cdp,
    get deathReason() {
      return deathReason;
    },
    async close() {
      closing = true;
      cdp.close();
      await pwBrowser.close().catch(() => {});
      await options.end();
    },
  };
}
