/**
 * `@loupe/core/engine`: the pieces Loupe Cloud runs on the server, beside the public `Client`. Not part
 * of the SDK's stable surface: it follows the server's needs.
 */
export {
  extractFromDocument,
  type DocumentExtractionRequest,
  type DocumentExtractionResult,
} from "./extract/document-extraction.js";
export { checkModelConfiguration, describeModel, type ModelConfiguration } from "./model/index.js";
export { validateFetchRequest, type FetchRequest } from "./cloud-client/fetch-request.js";
export { normalizeSchema } from "./extract/schema/index.js";
export { abortable } from "./extract/abortable.js";
