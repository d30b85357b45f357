/**
 * Bytes to a string in a named WHATWG encoding. Not fatal: an invalid byte becomes U+FFFD rather than
 * losing the page. A BOM matching the encoding is stripped.
 */
export function decodeText(bytes: Uint8Array, encoding: string): string {
  if (encoding === "windows-1252") return decodeWindows1252(bytes);
  return new TextDecoder(encoding).decode(bytes);
}

// Node 20.18.3 and later 20.x decode "windows-1252" (and every label that means it: latin1, iso-8859-1,
// ascii…) through a Latin-1 fast path, so 0x80–0x9F come out as C1 controls instead of €, ‚, ƒ, „, …, ™
// (nodejs/node#56542, #60888). It is the web's most common legacy encoding, so it is decoded here from the
// WHATWG index: Latin-1 everywhere except these 32 bytes.
const WINDOWS_1252_HIGH = [
  0x20ac, 0x0081, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152,
  0x008d, 0x017d, 0x008f, 0x0090, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122,
  0x0161, 0x203a, 0x0153, 0x009d, 0x017e, 0x0178,
];

function decodeWindows1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  return latin1.replace(/[\u0080-\u009f]/g, (char) =>
    String.fromCharCode(WINDOWS_1252_HIGH[char.charCodeAt(0) - 0x80] ?? char.charCodeAt(0)),
  );
}
