/**
 * The conversion worker's entry point: converts the pages the pool sends, one at a time. A page that
 * takes too long is not this file's concern: the pool terminates the whole thread.
 */
import { serveWorkerTasks } from "@loupe/core/worker-pool";
import { convertHtmlToMarkdown } from "./convert-html.js";
import type { ConversionRequest } from "./worker-protocol.js";

serveWorkerTasks((request: ConversionRequest) =>
  convertHtmlToMarkdown(request.html, request.url, { metadata: request.metadata === true }),
);
