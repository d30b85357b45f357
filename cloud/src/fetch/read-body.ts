import { Transform, Writable, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { DecodingPlan } from "./content-encoding.js";
import { createDecodingStream } from "./decoding-stream.js";
import { TargetFetchError } from "./target-fetch-error.js";

/** What {@link readBody} needs to know about the response besides its bytes. */
export interface BodyReadOptions {
  /** The response's `Content-Length`, when it sent one: a body announced too large is refused unread. */
  contentLength: string | undefined;
  /** How to undo `Content-Encoding`. */
  plan: DecodingPlan;
  /** The cap, applied to the bytes received and again to the decoded bytes. */
  maxBytes: number;
  signal: AbortSignal;
}

/**
 * Reads a response body to the end through its decoders, holding at most `maxBytes` of it. The cap is
 * counted twice while streaming, on the bytes received (a huge plain body) and on the decoded bytes (a
 * small gzip that inflates to gigabytes); whichever passes first fails the read with `response_too_large`
 * and tears the connection down, so memory stays bounded by the cap, not by what the target sends.
 */
export async function readBody(body: Readable, options: BodyReadOptions): Promise<Buffer> {
  const { maxBytes, plan, signal } = options;
  const announced = options.contentLength === undefined ? NaN : Number(options.contentLength);
  if (announced > maxBytes) {
    discardBody(body);
    throw tooLarge(maxBytes, `it announces ${formatBytes(announced)}`);
  }
  const decoders = plan.kind === "decode" ? plan.layers.map(createDecodingStream) : [];
  const chunks: Buffer[] = [];
  let length = 0;
  await pipeline(
    [
      body,
      byteCap(maxBytes, "on the wire"),
      ...decoders,
      byteCap(maxBytes, "once decompressed"),
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          chunks.push(chunk);
          length += chunk.length;
          callback();
        },
      }),
    ],
    { signal },
  );
  return Buffer.concat(chunks, length);
}

/**
 * Drops a body that will not be read, closing its connection. undici fails a body destroyed before its end
 * with an "aborted" error event; nobody is listening for it any more, so it is swallowed here.
 */
export function discardBody(body: Readable): void {
  body.on("error", () => undefined);
  body.destroy();
}

function byteCap(maxBytes: number, what: string): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > maxBytes) callback(tooLarge(maxBytes, `it passed the limit ${what}`));
      else callback(null, chunk);
    },
  });
}

function tooLarge(maxBytes: number, detail: string): TargetFetchError {
  return new TargetFetchError(
    "response_too_large",
    `The target's body is larger than the ${formatBytes(maxBytes)} limit (${detail}); nothing was kept.`,
  );
}

/** "5 MB", "512 KB": sizes as people read them (binary units, as the limit is set). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}
