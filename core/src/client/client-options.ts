import type { LocalBrowserOptions } from "../browser/chromium-process.js";
import type { LogLine } from "../log/logger.js";
import type { ModelConfiguration } from "../model/index.js";

/** Where the browser runs: on this machine, or on Loupe Cloud. */
export type ClientEnv = "LOCAL" | "CLOUD";

/** Options of `new Client(…)`. All optional. */
export interface ClientOptions {
  /** `"LOCAL"` (default) launches Chromium here; `"CLOUD"` uses a Loupe Cloud session. */
  env?: ClientEnv;
  /** CLOUD: the Loupe Cloud API key. Default `process.env.LOUPE_API_KEY`. */
  apiKey?: string;
  /** CLOUD: the service's URL. Default `process.env.LOUPE_CLOUD_URL ?? "http://127.0.0.1:4455"`. */
  cloudURL?: string;
  /**
   * The model for extract and act. Default `process.env.LOUPE_MODEL ?? "openai/gpt-4.1-mini"`. With env
   * CLOUD the server's model answers (LOUPE_MODEL on the server) and this is not used.
   */
  model?: ModelConfiguration;
  /** Use Loupe Cloud's result cache. Default true; only has an effect with env CLOUD. */
  serverCache?: boolean;
  /** true: log through `logger` only, and never load pino. Default false. */
  disablePino?: boolean;
  /** Receives every log line. */
  logger?: (line: LogLine) => void;
  /** CLOUD: how the hosted session is created. */
  sessionCreateParams?: SessionCreateParams;
  /** LOCAL: how Chromium is started. */
  localBrowser?: LocalBrowserOptions;
}

/** CLOUD: how `init()` creates the hosted session (the body of `POST /v1/sessions`). */
export interface SessionCreateParams {
  /** Where the browser runs; the service reports the region it used. */
  region?: string;
  browserSettings?: {
    /** Block ad and tracker requests from the service's bundled list. */
    blockAds?: boolean;
  };
}
