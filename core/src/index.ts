/**
 * `@loupe/core`: get data out of web pages with a language model.
 *
 * `Client` opens a browser session; `extract()` reads the page's accessibility tree (across frames and
 * shadow roots) and returns its text, a free-text answer, or data shaped by a schema.
 */
export { Client } from "./client/client.js";
export * as cloud from "./cloud-api/index.js";
export type { FetchFormat, FetchMetadata, FetchRequest, FetchResult } from "./cloud-api/index.js";
export type { ClientEnv, ClientOptions } from "./client/client-options.js";
export type { ClientMetrics, OperationMetrics } from "./client/metrics.js";
export type { ExtractOptions } from "./extract/extract-arguments.js";
export type { ExtractProgress, ExtractReport } from "./extract/extract-report.js";
export type { MergeConflict } from "./extract/chunks/index.js";
export type { CacheStatus } from "./cloud-api/cloud-messages.js";
export type { ActOptions } from "./act/act-arguments.js";
export type { ActAction, ActResult } from "./act/run-act.js";
export type { ActMethod } from "./act/act-methods.js";
export type { LocalBrowserOptions } from "./browser/chromium-process.js";
export type { LogLine, LogLevel } from "./log/logger.js";
export type { ModelConfiguration, ModelObjectConfiguration } from "./model/index.js";
export {
  ClientError,
  SchemaValidationError,
  ClientDomProcessError,
  ClientEvalError,
  ClientIframeError,
  ContentFrameNotFoundError,
  XPathResolutionError,
  ClientShadowRootMissingError,
  LLMResponseError,
  MissingLLMConfigurationError,
  UnsupportedModelError,
  InvalidAISDKModelFormatError,
  ExtractTimeoutError,
  FetchValidationError,
  FetchError,
  type FetchErrorCode,
  type SchemaIssue,
} from "./errors.js";
