/**
 * The conversion worker's entry point: converts the pages the pool sends, one at a time. A page that
 * takes too long is not this file's concern: the pool terminates the whole thread.
 */
import { parentPort } from "node:worker_threads";
import { convertHtmlToMarkdown } from "./convert-html.js";
import type { ConversionReply, ConversionRequest } from "./worker-protocol.js";

parentPort?.on("message", (request: ConversionRequest) => {
  let reply: ConversionReply;
  try {
    reply = { id: request.id, ok: true, ...convertHtmlToMarkdown(request.html, request.url) };
  } catch (error) {
    reply = { id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});
