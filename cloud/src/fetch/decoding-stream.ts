import { Transform, type TransformCallback } from "node:stream";
import zlib from "node:zlib";
import type { SupportedCoding } from "./content-encoding.js";
import { TargetFetchError } from "./target-fetch-error.js";

/**
 * A stream that undoes one `Content-Encoding`. The zlib decoder inside is created on the first bytes,
 * which buys two things zlib alone does not give:
 *
 * - an empty body (a 204, a 304, a HEAD-like answer with `Content-Encoding: gzip`) decodes to nothing
 *   instead of failing as "unexpected end of file";
 * - `deflate`, which servers send either zlib-wrapped (RFC 1950, as the standard says) or raw (RFC 1951, as
 *   old IIS did), is told apart by its two-byte header, like browsers do.
 *
 * Output follows backpressure: when the reader stops, zlib stops inflating, so a decompression bomb only
 * ever holds a few chunks in memory and the byte cap downstream can stop it early.
 *
 * Corrupt data fails the stream with `target_unreachable`: the target did not send a usable response.
 */
export function createDecodingStream(coding: SupportedCoding): Transform {
  return new LazyDecoder(
    coding === "deflate" ? 2 : 1,
    (head) => createZlibDecoder(coding, head),
    (error) =>
      new TargetFetchError(
        "target_unreachable",
        `The target's body is not valid ${coding} data (${error.message}), as its Content-Encoding says.`,
        { cause: error },
      ),
  );
}

// Like browsers (and undici's fetch), a body cut short decodes to what arrived instead of failing: a
// truncated page is still a page. Corrupt data still fails.
const LENIENT_ZLIB: zlib.ZlibOptions = {
  flush: zlib.constants.Z_SYNC_FLUSH,
  finishFlush: zlib.constants.Z_SYNC_FLUSH,
};
const LENIENT_BROTLI: zlib.BrotliOptions = {
  flush: zlib.constants.BROTLI_OPERATION_FLUSH,
  finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
};

function createZlibDecoder(coding: SupportedCoding, head: Buffer): Transform {
  switch (coding) {
    case "gzip":
      return zlib.createGunzip(LENIENT_ZLIB);
    case "br":
      return zlib.createBrotliDecompress(LENIENT_BROTLI);
    case "deflate":
      return isZlibHeader(head) ? zlib.createInflate(LENIENT_ZLIB) : zlib.createInflateRaw(LENIENT_ZLIB);
  }
}

// RFC 1950: compression method 8 (deflate), window size at most 32 KB, and the two bytes a multiple of 31.
function isZlibHeader(head: Buffer): boolean {
  const cmf = head[0];
  const flg = head[1];
  if (cmf === undefined || flg === undefined) return false;
  return (cmf & 0x0f) === 8 && cmf >> 4 <= 7 && ((cmf << 8) | flg) % 31 === 0;
}

/** Buffers `headBytes` bytes, creates the real decoder from them, then forwards to it with backpressure. */
class LazyDecoder extends Transform {
  #inner: Transform | undefined;
  #head: Buffer[] = [];
  #headLength = 0;

  constructor(
    private readonly headBytes: number,
    private readonly create: (head: Buffer) => Transform,
    private readonly wrapError: (error: Error) => Error,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.#inner !== undefined) {
      // zlib calls back once it has consumed the chunk, which waits while its output is paused.
      this.#inner.write(chunk, (error) => callback(this.#failure(error)));
      return;
    }
    this.#head.push(chunk);
    this.#headLength += chunk.length;
    if (this.#headLength < this.headBytes) {
      callback();
      return;
    }
    const head = this.#takeHead();
    this.#start(head).write(head, (error) => callback(this.#failure(error)));
  }

  override _flush(callback: TransformCallback): void {
    if (this.#inner === undefined) {
      if (this.#headLength === 0) {
        callback();
        return;
      }
      const head = this.#takeHead();
      this.#start(head).write(head);
    }
    this.#inner?.once("end", () => callback());
    this.#inner?.end();
  }

  override _read(size: number): void {
    // The reader wants more: let zlib produce again.
    this.#inner?.resume();
    super._read(size);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#inner?.destroy();
    callback(error);
  }

  #start(head: Buffer): Transform {
    const inner = this.create(head);
    inner.on("data", (data: Buffer) => {
      if (!this.push(data)) inner.pause();
    });
    inner.on("error", (error) => this.destroy(this.wrapError(error)));
    this.#inner = inner;
    return inner;
  }

  // The same zlib error reaches both the write callback and the "error" event; both must say it the same way.
  #failure(error: Error | null | undefined): Error | undefined {
    return error ? this.wrapError(error) : undefined;
  }

  #takeHead(): Buffer {
    const head = Buffer.concat(this.#head, this.#headLength);
    this.#head = [];
    return head;
  }
}
