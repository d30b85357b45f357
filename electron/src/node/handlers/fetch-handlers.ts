import { noModelUsage } from "@loupe/core/engine";
import type { StudioHandlers } from "../../common/studio-api.js";
import type { StudioContext } from "../studio-context.js";

type FetchHandlers = Pick<StudioHandlers, "fetch.run">;

/**
 * Fetch through Loupe Cloud's fetch pipeline in this process — the checks, egress wall and limits of a
 * hosted one, without a server; every fetch (answered or refused) is kept in the history. A fetch has no
 * page, so no thumbnail.
 */
export function fetchHandlers(context: StudioContext): FetchHandlers {
  return {
    "fetch.run": async (params) => {
      const fetcher = context.fetcher();
      const started = new Date();
      const report = { kind: "fetch" as const, started, url: params.url, input: params };
      const elapsed = () => Date.now() - started.getTime();
      try {
        const result = await fetcher.fetch(params);
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
      }
    },
  };
}
