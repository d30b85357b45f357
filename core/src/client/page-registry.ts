import type { BrowserContext, Page } from "playwright-core";
import type { CdpConnection } from "../cdp/cdp-connection.js";
import { unknownPageError, type PageSessions } from "../cdp/page-sessions.js";
import { targetIdOf } from "../cdp/page-target.js";
import { ClientError } from "../errors.js";
import { WatchedTargets } from "./watched-targets.js";

/**
 * Which page is active (the most recently opened one still open), and Loupe's CDP sessions for each page
 * it has read, kept so frame ordinals — and with them element ids — stay stable from one call to the next.
 */
export class PageRegistry {
  private readonly order: Page[] = [];
  private readonly targets: WatchedTargets;

  private constructor(
    context: BrowserContext,
    private readonly connection: CdpConnection,
  ) {
    this.targets = new WatchedTargets(connection);
    for (const page of context.pages()) this.track(page);
    context.on("page", (page) => this.track(page));
  }

  /**
   * A registry for the browser's context, watching its pages from now on. `attach: false` (a hosted
   * session, whose pages the service reads) only tracks which page is active and attaches to nothing.
   */
  static async create(
    context: BrowserContext,
    connection: CdpConnection,
    { attach = true }: { attach?: boolean } = {},
  ): Promise<PageRegistry> {
    const registry = new PageRegistry(context, connection);
    if (attach) await registry.attachToPages();
    return registry;
  }

  private async attachToPages(): Promise<void> {
    const connection = this.connection;
    // Every page target is attached the moment the browser creates it, before anyone navigates it, so
    // its requests are watched from the start (the first act then waits for those already under way).
    connection.on("Target.targetCreated", (params) => {
      const { targetInfo } = params as { targetInfo: { targetId: string; type: string } };
      if (targetInfo.type === "page") void this.sessionsForTarget(targetInfo.targetId).catch(() => {});
    });
    connection.on("Target.targetDestroyed", (params) => {
      const { targetId } = params as { targetId: string };
      this.targets.forget(targetId);
    });
    await connection.send("Target.setDiscoverTargets", { discover: true });
    const { targetInfos } = await connection.send<{ targetInfos: { targetId: string; type: string }[] }>(
      "Target.getTargets",
    );
    for (const target of targetInfos) {
      if (target.type === "page") void this.sessionsForTarget(target.targetId).catch(() => {});
    }
  }

  /** The page calls default to: the most recently opened page that is still open. */
  activePage(): Page {
    const page = this.order.at(-1);
    if (!page)
      throw new ClientError("The browser has no open page. Open one with `await client.context.newPage()`.");
    return page;
  }

  /** Loupe's sessions for a page of any supported library, attached on first use. */
  async sessionsFor(page: unknown): Promise<PageSessions> {
    return this.sessionsForTarget(await this.targetIdFor(page));
  }

  /** The browser target id of a page of any supported library (what a hosted session's API takes). */
  async targetIdFor(page: unknown): Promise<string> {
    // A closed page's target id may still be cached; using it would fail with a bare protocol error.
    if (isClosedPage(page)) throw unknownPageError("it is closed");
    return targetIdOf(page);
  }

  private sessionsForTarget(targetId: string): Promise<PageSessions> {
    return this.targets.sessionsFor(targetId);
  }

  private track(page: Page): void {
    this.order.push(page);
    // Its sessions go when the browser reports the target destroyed (see the constructor).
    page.once("close", () => {
      const index = this.order.indexOf(page);
      if (index >= 0) this.order.splice(index, 1);
    });
  }
}

/** Playwright, Patchright and Puppeteer pages all answer `isClosed()`. */
function isClosedPage(page: unknown): boolean {
  if (typeof page !== "object" || page === null || !("isClosed" in page)) return false;
  return typeof page.isClosed === "function" && (page.isClosed as () => unknown).call(page) === true;
}
