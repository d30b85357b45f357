import type { PageInfo } from "@loupe/studio/common";

/** The session's tabs; clicking one makes it the tab the live view and every run use. */
export function TabStrip({ pages, onActivate }: { pages: PageInfo[]; onActivate: (pageId: string) => void }) {
  return (
    <div className="tab-strip" role="tablist" aria-label="Browser tabs">
      {pages.map((page) => (
        <button
          key={page.pageId}
          role="tab"
          aria-selected={page.active}
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
