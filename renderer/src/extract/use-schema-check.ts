import { useEffect, useState } from "react";
import type { StudioResult } from "@loupe/studio/common";
import { useStudio } from "../api/studio-context.js";
import type { EditorIssue } from "../schema-editor/schema-editor.js";

/** How long typing must pause before the service evaluates the zod source. */
const DEBOUNCE_MS = 700;

/**
 * The zod source as the service's sandbox sees it, re-evaluated after typing pauses: the problems only
 * running it finds (a method that does not exist at runtime, a throw) become editor markers. Nothing is
 * evaluated while `held` (a source from a file or a kept run that the person has not edited or run).
 */
export function useSchemaCheck(mode: "zod" | "json", source: string, held: boolean): EditorIssue[] {
  const studio = useStudio();
  const [checked, setChecked] = useState<{ source: string; result: StudioResult<"schema.evaluate"> }>();
  useEffect(() => {
    if (mode !== "zod" || held || source.trim() === "") return;
    let live = true;
    const timer = setTimeout(() => {
      studio.call("schema.evaluate", { source }).then(
        (result) => live && setChecked({ source, result }),
        () => {}, // the service being away shows elsewhere; markers just stay as they were
      );
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [studio, mode, source, held]);
  // Issues of an older text would point at the wrong places: show them only for the text they are about.
  if (mode !== "zod" || held || !checked || checked.source !== source || checked.result.ok) return NO_ISSUES;
  return checked.result.issues;
}

const NO_ISSUES: EditorIssue[] = [];
