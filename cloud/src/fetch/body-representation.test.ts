import { describe, expect, it } from "vitest";
import { representBody } from "./body-representation.js";

const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
const PDF = Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n");

describe("representBody: text or binary", () => {
  it.each([
    "text/html; charset=utf-8",
    "text/plain",
    "text/csv",
    "application/json",
    "application/ld+json",
    "application/xml",
    "application/rss+xml",
    "image/svg+xml",
    "application/javascript",
    "application/xhtml+xml",
  ])("treats %s as text", (type) => {
    const result = representBody(Buffer.from("héllo"), type, false);
    expect(result).toMatchObject({ encoding: "utf-8", content: "héllo", isPdf: false, charset: "utf-8" });
  });

  it.each(["image/png", "application/octet-stream", "application/zip", "font/woff2", "audio/mpeg"])(
    "treats %s as binary, even when the bytes read as text",
    (type) => {
      const result = representBody(Buffer.from("plain words"), type, false);
      expect(result).toEqual({
        encoding: "base64",
        content: Buffer.from("plain words").toString("base64"),
        isPdf: false,
      });
    },
  );

  it("sniffs an undeclared body: text stays text, a PNG is binary", () => {
    expect(representBody(Buffer.from("just text\n"), "", false)).toMatchObject({
      encoding: "utf-8",
      content: "just text\n",
    });
    expect(representBody(PNG, "", false)).toMatchObject({
      encoding: "base64",
      content: PNG.toString("base64"),
    });
    expect(representBody(Buffer.alloc(0), "", false)).toMatchObject({ encoding: "utf-8", content: "" });
  });

  it("knows a PDF by its type or its signature, and never decodes it as text", () => {
    expect(representBody(PDF, "application/pdf", false)).toMatchObject({ isPdf: true, encoding: "base64" });
    expect(representBody(PDF, "", false)).toMatchObject({ isPdf: true, encoding: "base64" });
    expect(representBody(PDF, "text/plain", false)).toMatchObject({ isPdf: true, encoding: "base64" });
    expect(representBody(PDF, "application/octet-stream", false)).toMatchObject({ isPdf: true });
  });

  it("keeps a body it could not decompress as binary", () => {
    expect(representBody(Buffer.from("abc"), "text/html", true)).toMatchObject({ encoding: "base64" });
  });
});

describe("representBody: charsets", () => {
  const win1252 = Buffer.from([0x80, 0x20, 0xe9]); // "€ é" in windows-1252, invalid as UTF-8

  it("decodes from the header's charset, any label for it", () => {
    expect(representBody(win1252, "text/plain; charset=windows-1252", false)).toMatchObject({
      content: "€ é",
      charset: "windows-1252",
    });
    // iso-8859-1 and latin1 mean windows-1252 on the web (WHATWG Encoding).
    expect(representBody(win1252, 'text/plain; charset="ISO-8859-1"', false)).toMatchObject({
      content: "€ é",
    });
    expect(representBody(win1252, "text/plain;charset=latin1", false)).toMatchObject({ content: "€ é" });
  });

  it("decodes from <meta charset> and from http-equiv when the header has none", () => {
    const meta = Buffer.concat([
      Buffer.from('<html><head><meta charset="windows-1252"></head><body>'),
      win1252,
    ]);
    expect(representBody(meta, "text/html", false)).toMatchObject({ charset: "windows-1252" });
    expect(representBody(meta, "text/html", false).content).toContain("€ é");
    const equiv = Buffer.concat([
      Buffer.from('<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">'),
      new Uint8Array([0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea]), // 日本語
    ]);
    expect(representBody(equiv, "text/html", false)).toMatchObject({ charset: "shift_jis" });
    expect(representBody(equiv, "text/html", false).content).toContain("日本語");
  });

  it("ignores a <meta charset> inside a comment", () => {
    const page = Buffer.from('<!-- <meta charset="shift_jis"> --><meta charset="utf-8"><p>é</p>');
    expect(representBody(page, "text/html", false)).toMatchObject({ charset: "utf-8" });
  });

  it("decodes from an XML declaration", () => {
    const xml = Buffer.concat([
      Buffer.from('<?xml version="1.0" encoding="windows-1252"?><a>'),
      win1252,
      Buffer.from("</a>"),
    ]);
    expect(representBody(xml, "application/xml", false)).toMatchObject({ charset: "windows-1252" });
    expect(representBody(xml, "application/rss+xml", false).content).toContain("€ é");
  });

  it("lets a BOM override the header and strips it", () => {
    const utf8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("é€")]);
    expect(representBody(utf8, "text/html; charset=windows-1252", false)).toMatchObject({
      content: "é€",
      charset: "utf-8",
    });
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("é€", "utf16le")]);
    expect(representBody(utf16, "", false)).toMatchObject({ content: "é€", charset: "utf-16le" });
  });

  it("lets the header beat the meta, and skips labels no decoder knows", () => {
    const page = Buffer.concat([Buffer.from('<meta charset="shift_jis">'), win1252]);
    expect(representBody(page, "text/html; charset=windows-1252", false)).toMatchObject({
      charset: "windows-1252",
    });
    expect(representBody(page, "text/html; charset=no-such-charset", false)).toMatchObject({
      charset: "shift_jis",
    });
  });

  it("guesses UTF-8 for valid UTF-8 and windows-1252 otherwise", () => {
    expect(representBody(Buffer.from("naïve"), "text/plain", false)).toMatchObject({
      charset: "utf-8",
      content: "naïve",
    });
    expect(representBody(win1252, "text/plain", false)).toMatchObject({
      charset: "windows-1252",
      content: "€ é",
    });
  });

  it("reads JSON as UTF-8 whatever it contains", () => {
    expect(representBody(Buffer.from('{"a":"é"}'), "application/json", false)).toMatchObject({
      charset: "utf-8",
      content: '{"a":"é"}',
    });
  });
});
