import { Readable } from "node:stream";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { planDecoding } from "./content-encoding.js";
import { expectFetchError } from "./loopback-servers.test.support.js";
import { readBody } from "./read-body.js";

const MB = 1024 * 1024;
const text = Buffer.from("Loupe reads the page. ".repeat(2000));

function read(chunks: Buffer[] | Readable, encoding?: string, maxBytes = 5 * MB) {
  const body = Array.isArray(chunks) ? Readable.from(chunks) : chunks;
  return readBody(body, {
    contentLength: undefined,
    plan: planDecoding(encoding, 2),
    maxBytes,
    signal: new AbortController().signal,
  });
}

/** Splits a buffer into small chunks, as a network would deliver it (down to single bytes at the start). */
function inPieces(buffer: Buffer): Buffer[] {
  const pieces = [buffer.subarray(0, 1), buffer.subarray(1, 2)];
  for (let offset = 2; offset < buffer.length; offset += 1000)
    pieces.push(buffer.subarray(offset, offset + 1000));
  return pieces;
}

describe("readBody decoding", () => {
  it.each([
    ["gzip", zlib.gzipSync(text)],
    ["x-gzip", zlib.gzipSync(text)],
    ["deflate", zlib.deflateSync(text)], // zlib-wrapped, as RFC 9110 says
    ["deflate", zlib.deflateRawSync(text)], // raw, as some servers send it
    ["br", zlib.brotliCompressSync(text)],
  ])("undoes %s", async (encoding, encoded) => {
    expect((await read(inPieces(encoded), encoding)).equals(text)).toBe(true);
  });

  it("undoes two layers in the right order", async () => {
    const encoded = zlib.gzipSync(zlib.deflateSync(text)); // deflate applied first, then gzip
    expect((await read(inPieces(encoded), "deflate, gzip")).equals(text)).toBe(true);
  });

  it("decodes an empty encoded body to nothing", async () => {
    expect((await read([], "gzip")).length).toBe(0);
    expect((await read([], "deflate")).length).toBe(0);
  });

  it("keeps what arrived of a truncated gzip body, like browsers", async () => {
    const encoded = zlib.gzipSync(text);
    const decoded = await read([encoded.subarray(0, encoded.length - 20)], "gzip");
    expect(decoded.length).toBeGreaterThan(0);
    expect(text.subarray(0, decoded.length).equals(decoded)).toBe(true);
  });

  it("fails a corrupt body as target_unreachable", async () => {
    const error = await expectFetchError(
      read([Buffer.from("this is not gzip at all")], "gzip"),
      "target_unreachable",
    );
    expect(error.message).toMatch(/not valid gzip/);
  });

  it("returns a body with an unknown coding as sent", async () => {
    const bytes = Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 1, 2, 3]);
    expect((await read([bytes], "zstd")).equals(bytes)).toBe(true);
  });
});

describe("readBody limits", () => {
  it("refuses a body announced larger than the cap without reading it", async () => {
    let pulled = 0;
    const body = new Readable({
      read() {
        pulled++;
        this.push(Buffer.alloc(1024));
      },
    });
    const reading = readBody(body, {
      contentLength: String(6 * MB),
      plan: planDecoding(undefined, 2),
      maxBytes: 5 * MB,
      signal: new AbortController().signal,
    });
    const error = await expectFetchError(reading, "response_too_large");
    expect(error.message).toMatch(/announces 6 MB/);
    expect(pulled).toBe(0);
    expect(body.destroyed).toBe(true);
  });

  it("stops a plain body as soon as the received bytes pass the cap", async () => {
    let produced = 0;
    const endless = new Readable({
      read() {
        produced += 64 * 1024;
        this.push(Buffer.alloc(64 * 1024, 0x61));
      },
    });
    await expectFetchError(read(endless, undefined, 1 * MB), "response_too_large");
    expect(produced).toBeLessThan(2 * MB);
    expect(endless.destroyed).toBe(true);
  });

  it("stops a decompression bomb on the decoded count, with memory bounded", async () => {
    // 1 GB of zeros, gzip-compressed on the fly: about 1 MB if read to the end, which must not happen.
    let compressedOut = 0;
    const gzip = zlib.createGzip();
    const zeros = Buffer.alloc(MB);
    let written = 0;
    const feed = (): void => {
      while (written < 1024) {
        written++;
        if (!gzip.write(zeros)) {
          gzip.once("drain", feed);
          return;
        }
      }
      gzip.end();
    };
    feed();
    gzip.on("data", (chunk: Buffer) => (compressedOut += chunk.length));
    const bomb = gzip.pause();

    const before = process.memoryUsage().arrayBuffers;
    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().arrayBuffers - before);
    }, 1);
    try {
      const error = await expectFetchError(read(bomb, "gzip", 5 * MB), "response_too_large");
      expect(error.message).toMatch(/once decompressed/);
    } finally {
      clearInterval(sampler);
      gzip.destroy();
    }
    peak = Math.max(peak, process.memoryUsage().arrayBuffers - before);
    expect(written).toBeLessThan(100); // the producer was stopped after a few MB, not 1 GB
    expect(peak).toBeLessThan(50 * MB);
    expect(compressedOut).toBeLessThan(MB);
  });

  it("holds a bomb that arrives in one chunk to a few decoded chunks at a time", async () => {
    // 256 MB of zeros in one ~256 KB chunk: zlib must pause between output chunks, not inflate it all at once.
    const bomb = await gzipOfZeros(256);
    const before = process.memoryUsage().arrayBuffers;
    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().arrayBuffers - before);
    }, 1);
    try {
      await expectFetchError(read([bomb], "gzip", 5 * MB), "response_too_large");
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().arrayBuffers - before);
    expect(peak).toBeLessThan(50 * MB);
  });

  it("holds a brotli bomb (256 MB in under 1 KB) the same way", async () => {
    const quality = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };
    const bomb = await compressZeros(zlib.createBrotliCompress(quality), 256);
    expect(bomb.length).toBeLessThan(1024);
    const before = process.memoryUsage().arrayBuffers;
    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().arrayBuffers - before);
    }, 1);
    try {
      await expectFetchError(read([bomb], "br", 5 * MB), "response_too_large");
    } finally {
      clearInterval(sampler);
    }
    expect(Math.max(peak, process.memoryUsage().arrayBuffers - before)).toBeLessThan(50 * MB);
  });
});

async function gzipOfZeros(megabytes: number): Promise<Buffer> {
  return compressZeros(zlib.createGzip({ level: 9 }), megabytes);
}

async function compressZeros(
  compressor: zlib.Gzip | zlib.BrotliCompress,
  megabytes: number,
): Promise<Buffer> {
  const zeros = Buffer.alloc(MB);
  const chunks: Buffer[] = [];
  compressor.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => compressor.on("end", resolve));
  for (let i = 0; i < megabytes; i++) {
    if (!compressor.write(zeros)) await new Promise((resolve) => compressor.once("drain", resolve));
  }
  compressor.end();
  await ended;
  return Buffer.concat(chunks);
}
