import { useState } from "react";
import type { StudioResult } from "@loupe/studio/common";
import { ActPanel } from "../act/act-panel.js";
import { BrowsePane } from "../browse/browse-pane.js";
import { ExportButton } from "../export/export-button.js";
import { ExtractPanel } from "../extract/extract-panel.js";
import { FetchPanel } from "../fetch/fetch-panel.js";
import { HistoryPanel } from "../history/history-panel.js";
import { SettingsPanel } from "../settings/settings-panel.js";
import { SnapshotPanel } from "../snapshot/snapshot-panel.js";
import { WorkspaceMenu } from "../history/workspace-menu.js";

const PANELS = [
  { id: "extract", label: "Extract", Panel: ExtractPanel },
  { id: "snapshot", label: "Snapshot", Panel: SnapshotPanel },
  { id: "act", label: "Act", Panel: ActPanel },
  { id: "fetch", label: "Fetch", Panel: FetchPanel },
  { id: "history", label: "History", Panel: HistoryPanel },
  { id: "settings", label: "Settings", Panel: SettingsPanel },
] as const;

/** The panel a person is looking at. */
export type PanelId = (typeof PANELS)[number]["id"];

/** The Studio's one screen: the page on the left, the tools on the right. */
export function StudioLayout({ info }: { info: StudioResult<"app.info"> }) {
  const [panel, setPanel] = useState<PanelId>("extract");
  return (
    <div className="studio">
      <header className="studio-header">
        <strong className="brand">Loupe Studio</strong>
        <span className="shell-badge" title="Where this Studio runs">
          {info.shell === "web" ? "web mode" : "desktop"} · {info.version}
        </span>
        <div className="header-actions">
          <WorkspaceMenu />
          <ExportButton />
        </div>
      </header>
      <main className="studio-main">
        <section className="browse-column" aria-label="Page">
          <BrowsePane />
        </section>
        <section className="tools-column" aria-label="Tools">
          <nav className="panel-tabs" role="tablist">
            {PANELS.map(({ id, label }) => (
              <button
                key={id}
                role="tab"
                aria-selected={panel === id}
                className={panel === id ? "active" : ""}
                onClick={() => setPanel(id)}
              >
                {label}
              </button>
            ))}
          </nav>
          {PANELS.map(({ id, Panel }) => (
            // Panels stay mounted, so a run in progress or an edited schema survives a tab switch.
            <div key={id} role="tabpanel" hidden={panel !== id} className="panel-body">
              <Panel />
            </div>
          ))}
        </section>
      </main>
    </div>
  );
}
