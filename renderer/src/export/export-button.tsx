import { useState } from "react";
import { ExportDialog } from "./export-dialog.js";
import "./export.css";

/** Opens the current extract, act and fetch as code. */
export function ExportButton({ demoUrl }: { demoUrl: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Export to code
      </button>
      {open ? <ExportDialog demoUrl={demoUrl} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
