/**
 * `@loupe/studio/common`: the Studio API contract and its client, environment-neutral (zod and plain
 * TypeScript). The renderer imports the Studio only through this entry.
 */
export * from "./studio-api.js";
export { createStudioClient, type StudioClient } from "./studio-client.js";
export { createInMemoryTransportPair } from "./in-memory-transport.js";
export { isStudioMessage, type StudioMessage, type Transport } from "./transport.js";
export { LAUNCH_PATH, STUDIO_API_PATH, UNAUTHORIZED_CLOSE_CODE } from "./web-mode.js";
export { NOT_HTTP, notAWebAddress } from "./navigation-messages.js";
export { fetchRequestSchema } from "./api/fetch-api.js";
export { MAX_SELECTOR_BOXES, MAX_SELECTOR_LENGTH } from "./api/selector-api.js";
