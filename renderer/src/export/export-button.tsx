import { useState } from "react";
import { ExportDialog } from "./export-dialog.js";
import "./export.css";

/** Opens the current extract, act and fetch as code. */
export function ExportButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Export to code
      </button>
      {open ? <ExportDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}
