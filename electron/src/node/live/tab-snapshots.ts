import type { PageSnapshot } from "@loupe/core/engine";
import type { StudioPage } from "../page-tabs.js";

/**
 * Each tab's last whole snapshot, as the snapshot view shows it, so an id shown there can be highlighted
 * later (ids carry frame ordinals, which belong to the sessions that read them: the Client's, shared).
 */
export class TabSnapshots {
  private readonly snapshots = new WeakMap<StudioPage, PageSnapshot>();

  /** Remembers the snapshot the snapshot view shows for a tab. */
  keep(page: StudioPage, snapshot: PageSnapshot): void {
    this.snapshots.set(page, snapshot);
  }

  /** The tab's last snapshot, if one was taken. */
  last(page: StudioPage): PageSnapshot | undefined {
    return this.snapshots.get(page);
  }
}
