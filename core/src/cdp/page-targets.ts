import { ClientError } from "../errors.js";
import type { CdpConnection } from "./cdp-connection.js";
import { PageSessions } from "./page-sessions.js";
import { openTargetIdOf } from "./page-target.js";

/** How a registry treats the pages it follows. */
export interface PageTargetsOptions {
  /**
   * Runs once on a page's sessions right after they attach, before anyone gets them (the Client and the
   * engine start watching the page's requests here, so act's settle wait sees those already under way).
   */
  prepare?: (sessions: PageSessions) => Promise<void>;
}

/**
 * The one registry from a browser's pages to Loupe's CDP sessions, on one connection: it follows the page
 * targets (oldest first), attaches to each the moment the browser creates it, and hands out the same
 * `PageSessions` to every caller — the Client, the server's engine and the Studio's live view — so frame
 * ordinals, and with them element ids, agree between them, and no caller opens a connection of its own.
 */
export class PageTargets {
  private readonly order: string[] = [];
  private readonly sessions = new Map<string, Promise<PageSessions>>();

  private constructor(
    /** The connection the sessions live on (for events beside a page's sessions). */
    readonly connection: CdpConnection,
    private readonly options: PageTargetsOptions,
  ) {}

  /**
   * Follows the browser's page targets from now on: every open page is attached at once, every new one
   * as soon as the browser announces it, before anyone navigates it.
   */
  static async follow(connection: CdpConnection, options: PageTargetsOptions = {}): Promise<PageTargets> {
    const targets = new PageTargets(connection, options);
    connection.on("Target.targetCreated", (params) => {
      if (params.targetInfo.type === "page") targets.add(params.targetInfo.targetId);
    });
    connection.on("Target.targetDestroyed", (params) => {
      targets.remove(params.targetId);
    });
    await connection.send("Target.setDiscoverTargets", { discover: true });
    const { targetInfos } = await connection.send("Target.getTargets");
    for (const target of targetInfos) if (target.type === "page") targets.add(target.targetId);
    return targets;
  }

  /** Open page targets, oldest first. */
  pageTargets(): string[] {
    return [...this.order];
  }

  /** The page calls default to: the most recently opened page that is still open. */
  defaultTarget(): string {
    const target = this.order.at(-1);
    if (!target) throw new ClientError("The browser has no open page. Open one first (context.newPage()).");
    return target;
  }

  /** The sessions of an open page target, attached on first use and kept while it is open. */
  sessionsFor(targetId: string): Promise<PageSessions> {
    if (!this.order.includes(targetId))
      return Promise.reject(
        new ClientError(
          `"${targetId}" is not an open page of this browser; its open pages are: ${this.order.join(", ") || "none"}.`,
        ),
      );
    return this.attach(targetId);
  }

  /**
   * The sessions of a Playwright, Puppeteer or Patchright page of this browser. Its target need not have
   * been announced yet: the library that opened the page may have heard of it before this connection did.
   */
  async sessionsForPage(page: unknown): Promise<PageSessions> {
    return this.attach(await openTargetIdOf(page));
  }

  /** Whether the connection has closed (the browser went away). */
  get closed(): boolean {
    return this.connection.closed;
  }

  /** Closes the connection; the browser keeps running. */
  close(): void {
    this.connection.close();
  }

  private add(targetId: string): void {
    if (this.order.includes(targetId)) return;
    this.order.push(targetId);
    void this.attach(targetId).catch(() => {});
  }

  private remove(targetId: string): void {
    const index = this.order.indexOf(targetId);
    if (index >= 0) this.order.splice(index, 1);
    const sessions = this.sessions.get(targetId);
    this.sessions.delete(targetId);
    void sessions?.then((attached) => attached.detach()).catch(() => {});
  }

  /** A failed attach is forgotten, so the next call tries again. */
  private attach(targetId: string): Promise<PageSessions> {
    let sessions = this.sessions.get(targetId);
    if (!sessions) {
      const { prepare } = this.options;
      sessions = PageSessions.attach(this.connection, targetId).then(async (attached) => {
        await prepare?.(attached);
        return attached;
      });
      this.sessions.set(targetId, sessions);
      const attaching = sessions;
      attaching.catch(() => {
        if (this.sessions.get(targetId) === attaching) this.sessions.delete(targetId);
      });
    }
    return sessions;
  }
}
