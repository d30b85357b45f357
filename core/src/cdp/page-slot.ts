import type { PageSessions } from "./page-sessions.js";

/**
 * One kind of state Loupe keeps for each page — the snapshot's change watch, act's count of requests in
 * flight — made from the page's sessions on first use and held by them (`PageSessions.slot`). The state
 * then lives exactly as long as the page's sessions, every kind of it hangs off the one registry, and
 * cdp/ needs to know nothing of what it is: the module that owns a kind declares its slot once, and the
 * slot object itself is the key.
 */
export class PageSlot<T> {
  constructor(
    /** Makes the state for one page; called once per page, on first use. */
    readonly create: (sessions: PageSessions) => T,
  ) {}
}
