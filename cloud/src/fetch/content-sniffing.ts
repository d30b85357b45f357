/**
 * What the bytes themselves say, for when the `Content-Type` does not: the WHATWG MIME Sniffing rules,
 * cut down to the two questions the fetch engine asks.
 */

/** How far into the body sniffing looks; the MIME Sniffing standard reads a "resource header" this size. */
const SNIFF_BYTES = 1445;

/** Whether the body starts with the `%PDF-` signature. */
export function hasPdfSignature(body: Buffer): boolean {
  return body.subarray(0, 5).toString("latin1") === "%PDF-";
}

/**
 * Whether an undeclared body is binary: it contains a "binary data byte" (a control character no text
 * format uses — NUL, the C0 controls other than tab, newlines, form feed and escape) near the start. PNG,
 * JPEG, GIF, ZIP, WebP, fonts and executables all do within their first bytes. A UTF-16 byte order mark
 * means text even though UTF-16 is full of NULs.
 */
export function looksBinary(body: Buffer): boolean {
  if (hasUtf16Bom(body)) return false;
  const head = body.subarray(0, SNIFF_BYTES);
  for (const byte of head) {
    if (byte <= 0x08 || byte === 0x0b || (byte >= 0x0e && byte <= 0x1a) || (byte >= 0x1c && byte <= 0x1f)) {
      return true;
    }
  }
  return false;
}

function hasUtf16Bom(body: Buffer): boolean {
  const [first, second] = body;
  return (first === 0xff && second === 0xfe) || (first === 0xfe && second === 0xff);
}
