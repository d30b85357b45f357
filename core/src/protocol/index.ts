/**
 * `@loupe/core/protocol`: Loupe Cloud's HTTP API as one zod contract — every request body, answer and
 * error. The server validates with it, the SDK builds requests and parses answers with it, the Studio's
 * fetch contract is built on it, and `GET /openapi.json` is generated from it. zod only: it loads in a
 * browser as well as in Node.
 */
export * from "./error-messages.js";
export * from "./fetch-messages.js";
export * from "./session-messages.js";
export * from "./usage-messages.js";
export * from "./cloud-routes.js";
export * from "./issue-text.js";
export { cloudOpenApiDocument } from "./openapi-document.js";
