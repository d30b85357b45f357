import type { PageInfo } from "@loupe/studio/common";
import { onTabListKey } from "../app/tab-keys.js";

/**
 * The session's tabs; clicking one makes it the tab the live view and every run use. New tab opens a
 * blank one; Close tab (or Delete on a tab, or a middle click) closes it. The buttons sit beside the tab
 * list rather than in each tab: a tab is one control, and a button nested in it would be unreachable.
 */
export function TabStrip({
  pages,
  onActivate,
  onNew,
  onClose,
}: {
  pages: PageInfo[];
  onActivate: (pageId: string) => void;
  onNew: () => void;
  onClose: (pageId: string) => void;
}) {
  const active = pages.find((page) => page.active);
  return (
    <div className="tab-strip">
      <div
        className="tab-list"
        role="tablist"
        aria-label="Browser tabs"
        onKeyDown={(event) => {
          const focused = pages.find(
            (page) => page.pageId === (event.target as HTMLElement).dataset["pageId"],
          );
          if (event.key === "Delete" && focused) {
            event.preventDefault();
            onClose(focused.pageId);
            return;
          }
          onTabListKey(event, (index) => {
            const page = pages[index];
            if (page) onActivate(page.pageId);
          });
        }}
      >
        {pages.map((page) => (
          <button
            key={page.pageId}
            role="tab"
            data-page-id={page.pageId}
            aria-selected={page.active}
            tabIndex={page.active ? 0 : -1}
            className={page.active ? "active" : ""}
            title={page.url}
            onClick={() => onActivate(page.pageId)}
            onAuxClick={(event) => {
              if (event.button === 1) onClose(page.pageId);
            }}
          >
            {tabTitle(page)}
          </button>
        ))}
      </div>
      <button
        type="button"
        className="tab-action"
        aria-label="Close tab"
        title={active ? `Close “${tabTitle(active)}” (Delete on a tab)` : "Close tab"}
        disabled={!active}
        onClick={() => active && onClose(active.pageId)}
      >
        ×
      </button>
      <button type="button" className="tab-action" aria-label="New tab" title="New tab" onClick={onNew}>
        +
      </button>
    </div>
  );
}

function tabTitle(page: PageInfo): string {
  return page.title || (page.url === "about:blank" ? "" : page.url) || "New tab";
}
