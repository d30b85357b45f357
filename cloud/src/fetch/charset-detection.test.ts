import { describe, expect, it } from "vitest";
import { detectCharset } from "./charset-detection.js";

const html = { essence: "text/html" };

describe("detectCharset", () => {
  it("reads <meta charset> and http-equiv, quoted or not, and not inside a comment", () => {
    expect(detectCharset(Buffer.from('<meta charset="shift_jis">'), html)).toBe("shift_jis");
    expect(detectCharset(Buffer.from("<META CHARSET = ' latin1'>"), html)).toBe("windows-1252");
    expect(
      detectCharset(
        Buffer.from('<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-2">'),
        html,
      ),
    ).toBe("iso-8859-2");
    expect(detectCharset(Buffer.from('<!-- <meta charset="shift_jis"> --><p>a</p>'), html)).toBe("utf-8");
  });

  it("takes an unclosed comment to run to the end of the head, as the prescan does", () => {
    expect(detectCharset(Buffer.from('<!-- x <meta charset="shift_jis">'), html)).toBe("utf-8");
  });

  it("reads heads built to make a pattern rescan: unclosed comments and tags", () => {
    expect(detectCharset(Buffer.from("<!--".repeat(1000)), html)).toBe("utf-8");
    expect(detectCharset(Buffer.from('a"C<META=C'.repeat(400)), html)).toBe("utf-8");
    expect(detectCharset(Buffer.from("<meta " + "\t".repeat(3000) + 'charset="koi8-r">'), html)).toBe(
      "koi8-r",
    );
  });
});
