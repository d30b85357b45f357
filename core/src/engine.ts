/**
 * `@loupe/core/engine`: the pieces Loupe Cloud runs on the server, beside the public `Client`. Not part
 * of the SDK's stable surface: it follows the server's needs.
 */
export {
  extractFromDocument,
  type DocumentExtractionRequest,
  type DocumentExtractionResult,
} from "./extract/document-extraction.js";
export { SecretRedactor } from "./client/secret-redactor.js";
export { checkModelConfiguration, describeModel, type ModelConfiguration } from "./model/index.js";
export type { ModelCallTranscript, TranscriptMessage, TranscriptPart } from "./model/index.js";
// One provider table: the Studio and the Cloud read model keys by the names core resolves them with.
export {
  DEFAULT_MODEL,
  MODEL_KEY_VARIABLE,
  SUPPORTED_PROVIDERS,
  keyVariablesFor,
  modelKeyFromEnvironment,
  needsNoKey,
  providerOf,
  serviceModelFromEnvironment,
  type ServiceModel,
} from "./model/index.js";
export { normalizeSchema } from "./extract/schema/index.js";
export { abortable } from "./extract/abortable.js";
export { abortOnTimeout } from "./extract/operation-timeout.js";
export { findChromium } from "./browser/chromium-discovery.js";
export {
  launchChromium,
  launchChromiumWithPipe,
  type ChromiumProcess,
  type ChromiumSpawnOptions,
  type LocalBrowserOptions,
  type PipedChromiumProcess,
} from "./browser/chromium-process.js";
export type { CdpTransport } from "./cdp/cdp-transport.js";
export {
  attachEngineBrowser,
  type EngineBrowser,
  type EngineBrowserOptions,
} from "./engine/engine-browser.js";
export {
  beginEngineExtract,
  engineAct,
  noModelUsage,
  type EngineContext,
  type EngineExtract,
  type EngineExtractRequest,
  type EngineUsage,
} from "./engine/engine-operations.js";
export type { ActResult, ActAction, ActedElement } from "./act/run-act.js";
// The Studio's live view and element picker drive pages over the Client's own sessions (one registry).
export { CdpConnection, CdpCommandError } from "./cdp/cdp-connection.js";
export type {
  CdpEvent,
  CdpEventParams,
  CdpMethod,
  CdpParams,
  CdpParamsArgs,
  CdpResult,
  Protocol,
} from "./cdp/cdp-protocol.js";
export { PageSessions, type TargetSession } from "./cdp/page-sessions.js";
export { targetIdOf } from "./cdp/page-target.js";
export type { PageTargets } from "./cdp/page-targets.js";
export { pageTargetsOf } from "./client/client.js";
export { takeSnapshot, type PageSnapshot, type SnapshotOptions } from "./snapshot/page-snapshot.js";
export { isXPath, matchSelectors, type MatchedElement } from "./snapshot/selector-match.js";
// The Studio's selector box checks each step's syntax before matching, to tell a typo from no match.
export { SHADOW_ROOT_XPATH, parseSelectorChain, type SelectorStep } from "./snapshot/selector-chain.js";
// Loupe's servers read request lines through these, so no client input can throw out of a handler.
export { parseRequestTarget, decodeUrlPart } from "./http/request-target.js";
export { createLimitedServer, type HttpServerLimits } from "./http/limited-server.js";
