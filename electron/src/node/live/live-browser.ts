import { CdpConnection, PageSessions, targetIdOf, type PageSnapshot } from "@loupe/core/engine";
import type { StudioPage } from "../page-tabs.js";
import type { StudioContext } from "../studio-context.js";

/**
 * The Studio's own CDP connection to the client's browser, beside Playwright's: flat sessions reach
 * out-of-process iframes (the picker must hit-test inside them) and carry the screencast and input. It
 * also keeps each tab's last snapshot, so an id the snapshot view shows can be highlighted later.
 */
export class LiveBrowser {
  private connection: Promise<CdpConnection> | undefined;
  private readonly sessions = new Map<StudioPage, Promise<PageSessions>>();
  private readonly snapshots = new WeakMap<StudioPage, PageSnapshot>();

  constructor(private readonly context: StudioContext) {}

  /** The connection, opened on first use and again after the browser went away. */
  async connect(): Promise<CdpConnection> {
    if (!this.connection) {
      const opening = CdpConnection.connect(this.context.client().connectURL());
      this.connection = opening;
      opening.then(
        (connection) =>
          connection.onClose(() => {
            if (this.connection === opening) this.connection = undefined;
            this.sessions.clear();
          }),
        () => {
          if (this.connection === opening) this.connection = undefined;
        },
      );
    }
    return this.connection;
  }

  /** Loupe's sessions for a tab (the page and its out-of-process iframes), attached on first use. */
  sessionsFor(page: StudioPage): Promise<PageSessions> {
    let sessions = this.sessions.get(page);
    if (!sessions) {
      sessions = (async () => PageSessions.attach(await this.connect(), await targetIdOf(page)))();
      this.sessions.set(page, sessions);
      const attached = sessions;
      attached.catch(() => this.sessions.delete(page));
      page.once("close", () => {
        this.sessions.delete(page);
        void attached.then((s) => s.detach()).catch(() => {});
      });
    }
    return sessions;
  }

  /** Remembers the snapshot the snapshot view shows for a tab. */
  keepSnapshot(page: StudioPage, snapshot: PageSnapshot): void {
    this.snapshots.set(page, snapshot);
  }

  /** The tab's last snapshot, if one was taken. */
  lastSnapshot(page: StudioPage): PageSnapshot | undefined {
    return this.snapshots.get(page);
  }
}

const browsers = new WeakMap<StudioContext, LiveBrowser>();

/** The one `LiveBrowser` of a service (browse and live handlers share it through the context). */
export function liveBrowserOf(context: StudioContext): LiveBrowser {
  let browser = browsers.get(context);
  if (!browser) browsers.set(context, (browser = new LiveBrowser(context)));
  return browser;
}
