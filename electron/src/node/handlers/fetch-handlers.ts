import { randomUUID } from "node:crypto";
import { noModelUsage } from "@loupe/core/engine";
import type { StudioHandlers } from "../../common/studio-api.js";
import type { RunControls } from "../run-controls.js";
import type { StudioContext } from "../studio-context.js";

type FetchHandlers = Pick<StudioHandlers, "fetch.run" | "fetch.cancel">;

/**
 * Fetch through Loupe Cloud's fetch pipeline in this process — the checks, egress wall and limits of a
 * hosted one, without a server; every fetch (answered, refused or cancelled) is kept in the history. A
 * fetch has no page, so no thumbnail. A fetch is a run like extract and act: Cancel closes its connection.
 */
export function fetchHandlers(context: StudioContext, runs: RunControls): FetchHandlers {
  return {
    "fetch.run": async ({ runId, ...body }) => {
      const fetcher = context.fetcher();
      const started = new Date();
      const report = { kind: "fetch" as const, started, url: body.url, input: body };
      const elapsed = () => Date.now() - started.getTime();
      // The fetch's own timeouts are the policy's: no run timeout on top.
      const control = runs.begin(runId ?? randomUUID(), "fetch", undefined);
      try {
        const result = await fetcher.fetch(body, { signal: control.signal });
        const ms = elapsed();
        const record = await context.history.record({
          ...report,
          outcome: { ok: true, output: result },
          metrics: noModelUsage(ms),
        });
        return { ...result, ms, historyId: record.id };
      } catch (error) {
        await context.history.record({ ...report, outcome: { ok: false, error } });
        throw error;
      } finally {
        control.end();
      }
    },
    "fetch.cancel": async ({ runId }) => ({
      cancelled: runs.cancel(runId, "The fetch was cancelled."),
    }),
  };
}
