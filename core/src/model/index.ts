/** Model resolution and model calls. */
export {
  describeModel,
  isLanguageModelInstance,
  type LanguageModelInstance,
  type ModelConfiguration,
  type ModelObjectConfiguration,
} from "./model-configuration.js";
export { checkModelConfiguration, resolveLanguageModel } from "./resolve-model.js";
export { SUPPORTED_PROVIDERS, type ModelEnvironment, type ProviderName } from "./provider-table.js";
export {
  generateJson,
  generateTextAnswer,
  type JsonCallOptions,
  type JsonCallResult,
  type ModelCallOptions,
  type TextCallResult,
} from "./model-call.js";
export type { ModelUsage } from "./model-usage.js";
export {
  ModelTranscript,
  taggedRecorder,
  type CallRecorder,
  type ModelCallTranscript,
  type TranscriptMessage,
  type TranscriptPart,
} from "./model-transcript.js";
export {
  DEFAULT_MODEL,
  MODEL_KEY_VARIABLE,
  keyVariablesFor,
  modelKeyFromEnvironment,
  needsNoKey,
  providerOf,
  serviceModelFromEnvironment,
  type ServiceModel,
} from "./model-environment.js";
