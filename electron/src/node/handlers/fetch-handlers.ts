import { cloud } from "@loupe/core";
import type { StudioHandlers } from "../../common/studio-api.js";
import type { StudioContext } from "../studio-context.js";

type FetchHandlers = Pick<StudioHandlers, "fetch.run">;

/** Fetch through the embedded Loupe Cloud, exactly as `cloud.fetch` does against a hosted one. */
export function fetchHandlers(context: StudioContext): FetchHandlers {
  return {
    "fetch.run": async (params) => {
      const { url, apiKey } = context.cloud();
      return cloud.fetch({ ...params, apiKey, baseURL: url });
    },
  };
}
