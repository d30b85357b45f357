import { describe, expect, it } from "vitest";
import { decodeText } from "./text-decoding.js";

describe("decodeText", () => {
  it("decodes all of windows-1252's 0x80–0x9F block per the WHATWG index", () => {
    const high = Uint8Array.from({ length: 32 }, (_, i) => 0x80 + i);
    expect(decodeText(high, "windows-1252")).toBe(
      "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ",
    );
    expect(decodeText(Uint8Array.of(0x41, 0xe9, 0xff), "windows-1252")).toBe("Aéÿ");
  });

  it("decodes other encodings with TextDecoder", () => {
    expect(decodeText(Uint8Array.of(0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea), "shift_jis")).toBe("日本語");
    expect(decodeText(Uint8Array.of(0xef, 0xbb, 0xbf, 0xc3, 0xa9), "utf-8")).toBe("é");
    expect(decodeText(Uint8Array.of(0xfe, 0xff, 0x00, 0xe9), "utf-16be")).toBe("é");
    expect(decodeText(Uint8Array.of(0xb1), "iso-8859-2")).toBe("ą");
  });
});
