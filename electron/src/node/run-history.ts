import { randomUUID } from "node:crypto";
import type { PageSessions } from "@loupe/core/engine";
import type { RunRecord, StudioEvent } from "../common/studio-api.js";
import { StudioError } from "../common/studio-error.js";
import { LIVE_WAIT_MS, readWithin } from "./page-read-bound.js";
import type { StudioPage } from "./page-tabs.js";

/** What a handler reports about a run it just finished. */
export type RunReport = Omit<RunRecord, "id" | "startedAt" | "thumbnail" | "outcome"> & {
  started: Date;
  /** The run's answer, or the error it failed with. */
  outcome: { ok: true; output: unknown } | { ok: false; error: unknown };
  /** The page to draw the thumbnail from (extract, act). */
  page?: StudioPage;
};

/** How many runs a launch keeps; older ones are dropped first. */
const KEEP = 200;
/** How many of the newest runs keep what their model saw (each is bounded, but up to a megabyte). */
const KEEP_TRANSCRIPTS = 20;

/**
 * Every run of this launch with inputs, outputs, timings and a thumbnail, newest first. Kept in memory:
 * a run worth keeping beyond the launch is saved as a workspace.
 */
export class RunHistory {
  private readonly runs: RunRecord[] = [];

  constructor(
    private readonly emit: (event: "history.added", payload: StudioEvent<"history.added">) => void,
    /** The tab's CDP sessions, for the thumbnail. */
    private readonly sessionsFor: (page: StudioPage) => Promise<PageSessions>,
  ) {}

  /**
   * Keeps a finished run and tells the renderer; the thumbnail failing never fails the run, nor holds it
   * up: a page stuck in a script paints nothing, and act answers only once its run is recorded.
   */
  async record(report: RunReport): Promise<RunRecord> {
    const { started, page, outcome, ...rest } = report;
    const thumbnail = page
      ? await readWithin(this.sessionsFor(page).then(thumbnailOf), LIVE_WAIT_MS).catch(() => undefined)
      : undefined;
    const record: RunRecord = {
      ...rest,
      id: randomUUID(),
      startedAt: started.toISOString(),
      outcome: outcome.ok ? outcome : { ok: false, error: errorData(outcome.error) },
      ...(thumbnail ? { thumbnail } : {}),
    };
    this.runs.unshift(record);
    this.runs.splice(KEEP);
    const older = this.runs[KEEP_TRANSCRIPTS];
    if (older?.transcript) {
      const { transcript: _dropped, ...rest } = older;
      this.runs[KEEP_TRANSCRIPTS] = rest;
    }
    this.emit("history.added", record);
    return record;
  }

  /** Every kept run, newest first. */
  list(): RunRecord[] {
    return [...this.runs];
  }
}

/**
 * A JPEG of the viewport as it is painted, through CDP so the page is not resized. Never a scaled
 * capture (`clip.scale`): that makes the compositor paint the page at the smaller scale, and the live
 * view's screencast would show that blurred frame until the page next repaints. The history shows it
 * small; the low quality keeps a full-size image to tens of kilobytes.
 */
async function thumbnailOf({ root }: PageSessions): Promise<string> {
  const { data } = await root.send("Page.captureScreenshot", {
    format: "jpeg",
    quality: 40,
  });
  return `data:image/jpeg;base64,${data}`;
}

function errorData(error: unknown): { code: string; message: string } {
  if (error instanceof StudioError) return { code: error.code, message: error.message };
  if (error instanceof Error) return { code: error.name, message: error.message };
  return { code: "internal", message: String(error) };
}
