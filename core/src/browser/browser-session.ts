import type { Browser, BrowserContext } from "playwright-core";
import { CdpConnection } from "../cdp/cdp-connection.js";

/**
 * A running browser the client works in, whoever started it: its DevTools endpoint, the Playwright
 * context users drive, and Loupe's own CDP connection. Local launch and (later) hosted sessions both
 * produce one.
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

/**
 * Connects Playwright and Loupe's own CDP connection to a browser at `wsEndpoint`, and watches both so a
 * browser that dies is noticed at once rather than at the next hung call.
 */
export async function connectBrowser(
  wsEndpoint: string,
  options: { onDeath: (reason: string) => void; end: () => Promise<void> },
): Promise<BrowserSession> {
  const { chromium } = await import("playwright-core");
  let browser: Browser | undefined;
  let connection: CdpConnection | undefined;
  try {
    [browser, connection] = await Promise.all([
      chromium.connectOverCDP(wsEndpoint),
      CdpConnection.connect(wsEndpoint),
    ]);
  } catch (error) {
    await browser?.close().catch(() => {});
    connection?.close();
    throw error;
  }
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
