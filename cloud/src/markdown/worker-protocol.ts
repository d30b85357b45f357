/** The messages between the pool (worker-pool.ts) and a conversion worker (markdown-worker.ts). */
import type { MarkdownResult } from "./convert-html.js";

export interface ConversionRequest {
  id: number;
  html: string;
  url: string;
}

export type ConversionReply =
  ({ id: number; ok: true } & MarkdownResult) | { id: number; ok: false; message: string };
