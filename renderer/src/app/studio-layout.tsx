import { useRef, useState, type CSSProperties } from "react";
import type { StudioResult } from "@loupe/studio/common";
import { ActPanel } from "../act/act-panel.js";
import { BrowsePane } from "../browse/browse-pane.js";
import { ExportButton } from "../export/export-button.js";
import { ExtractPanel } from "../extract/extract-panel.js";
import { FetchPanel } from "../fetch/fetch-panel.js";
import { FlowPanel } from "../flow/flow-panel.js";
import { HistoryPanel } from "../history/history-panel.js";
import { SettingsPanel } from "../settings/settings-panel.js";
import { SnapshotPanel } from "../snapshot/snapshot-panel.js";
import { WorkspaceMenu } from "../history/workspace-menu.js";
import { useColumnDivider } from "./column-divider.js";
import { focusRegion } from "./focus-regions.js";
import { onTabListKey } from "./tab-keys.js";

const PANELS = [
  { id: "extract", label: "Extract", Panel: ExtractPanel },
  { id: "snapshot", label: "Snapshot", Panel: SnapshotPanel },
  { id: "act", label: "Act", Panel: ActPanel },
  { id: "fetch", label: "Fetch", Panel: FetchPanel },
  { id: "history", label: "History", Panel: HistoryPanel },
  { id: "flow", label: "Flow", Panel: FlowPanel },
  { id: "settings", label: "Settings", Panel: SettingsPanel },
] as const;

/** The panel a person is looking at. */
export type PanelId = (typeof PANELS)[number]["id"];

/**
 * The Studio's one screen: the page on the left, the tools on the right, a divider between them. F6
 * and Shift+F6 move between its regions (header, page, live view, tools) from anywhere.
 */
export function StudioLayout({ info }: { info: StudioResult<"app.info"> }) {
  const [panel, setPanel] = useState<PanelId>("extract");
  const main = useRef<HTMLElement>(null);
  const divider = useColumnDivider(main);
  const columns: CSSProperties | undefined =
    divider.width === undefined
      ? undefined
      : { gridTemplateColumns: `${divider.width}px auto minmax(0, 1fr)` };
  return (
    <div
      className="studio"
      onKeyDown={(event) => {
        if (event.key !== "F6" || event.ctrlKey || event.altKey || event.metaKey) return;
        event.preventDefault();
        focusRegion(document.activeElement, event.shiftKey ? -1 : 1);
      }}
    >
      <header className="studio-header" data-region>
        <strong className="brand">Loupe Studio</strong>
        <span className="shell-badge" title="Where this Studio runs">
          {info.shell === "web" ? "web mode" : "desktop"} · {info.version}
        </span>
        <div className="header-actions">
          <WorkspaceMenu />
          <ExportButton demoUrl={info.demoUrl} />
        </div>
      </header>
      <main className="studio-main" ref={main} style={columns}>
        <section className="browse-column" aria-label="Page" data-region>
          <BrowsePane />
        </section>
        <div {...divider.separator} />
        <section className="tools-column" aria-label="Tools" data-region>
          <nav
            className="panel-tabs"
            role="tablist"
            aria-label="Tools"
            onKeyDown={(event) =>
              onTabListKey(event, (index) => {
                const next = PANELS[index];
                if (next) setPanel(next.id);
              })
            }
          >
            {PANELS.map(({ id, label }) => (
              <button
                key={id}
                id={`panel-tab-${id}`}
                role="tab"
                aria-selected={panel === id}
                aria-controls={`panel-${id}`}
                tabIndex={panel === id ? 0 : -1}
                data-region-entry={panel === id ? "" : undefined}
                className={panel === id ? "active" : ""}
                onClick={() => setPanel(id)}
              >
                {label}
              </button>
            ))}
          </nav>
          {PANELS.map(({ id, Panel }) => (
            // Panels stay mounted, so a run in progress or an edited schema survives a tab switch.
            <div
              key={id}
              id={`panel-${id}`}
              role="tabpanel"
              aria-labelledby={`panel-tab-${id}`}
              hidden={panel !== id}
              className="panel-body"
            >
              <Panel />
            </div>
          ))}
        </section>
      </main>
    </div>
  );
}
