import type { PageInfo } from "@loupe/studio/common";
import { onTabListKey } from "../app/tab-keys.js";

/** The session's tabs; clicking one makes it the tab the live view and every run use. */
export function TabStrip({ pages, onActivate }: { pages: PageInfo[]; onActivate: (pageId: string) => void }) {
  return (
    <div
      className="tab-strip"
      role="tablist"
      aria-label="Browser tabs"
      onKeyDown={(event) =>
        onTabListKey(event, (index) => {
          const page = pages[index];
          if (page) onActivate(page.pageId);
        })
      }
    >
      {pages.map((page) => (
        <button
          key={page.pageId}
          role="tab"
          aria-selected={page.active}
          tabIndex={page.active ? 0 : -1}
          className={page.active ? "active" : ""}
          title={page.url}
          onClick={() => onActivate(page.pageId)}
        >
          {page.title || page.url || "New tab"}
        </button>
      ))}
    </div>
  );
}
