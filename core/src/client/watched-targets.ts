import { watchNetwork } from "../act/page-settle.js";
import type { CdpConnection } from "../cdp/cdp-connection.js";
import { PageSessions } from "../cdp/page-sessions.js";

/**
 * Loupe's sessions for each page target of one browser connection, attached once and with its network
 * watched from the moment of attaching (so act's settle wait sees requests already under way). Both the
 * Client's page registry and the server's engine browser keep their targets here.
 */
export class WatchedTargets {
  private readonly sessions = new Map<string, Promise<PageSessions>>();

  constructor(private readonly connection: CdpConnection) {}

  /** The target's sessions, attached on first use; a failed attach is forgotten so it can be retried. */
  sessionsFor(targetId: string): Promise<PageSessions> {
    let sessions = this.sessions.get(targetId);
    if (!sessions) {
      sessions = PageSessions.attach(this.connection, targetId).then(async (attached) => {
        await watchNetwork(attached);
        return attached;
      });
      this.sessions.set(targetId, sessions);
      sessions.catch(() => this.sessions.delete(targetId));
    }
    return sessions;
  }

  /** Forgets a target that is gone and detaches its sessions. */
  forget(targetId: string): void {
    const sessions = this.sessions.get(targetId);
    this.sessions.delete(targetId);
    void sessions?.then((attached) => attached.detach()).catch(() => {});
  }
}
