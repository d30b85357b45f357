import { describe, expect, it } from "vitest";
import { jpegSize } from "./jpeg-size.js";

/** A JPEG's head: SOI, an APP0 segment, then SOF0 with the size. */
function jpegHead(width: number, height: number): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x06, 0x4a, 0x46, 0x49, 0x46];
  const sof0 = [0xff, 0xc0, 0x00, 0x0b, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1];
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof0, 0, 0, 0]);
}

describe("jpegSize", () => {
  it("reads the size from the start-of-frame marker after other segments", () => {
    expect(jpegSize(jpegHead(1280, 720))).toEqual({ width: 1280, height: 720 });
  });

  it("answers undefined for bytes that are not a JPEG", () => {
    expect(jpegSize(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeUndefined();
    expect(jpegSize(new Uint8Array([0xff, 0xd8, 0xff]))).toBeUndefined();
  });
});
