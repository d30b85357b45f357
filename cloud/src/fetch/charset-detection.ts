import { isUtf8 } from "node:buffer";
import type { MediaType } from "./media-type.js";
import { isHtmlEssence, isXmlEssence } from "./media-type.js";

/**
 * Which character encoding a text body is in, by the order browsers trust the signals: a byte order mark,
 * then the `Content-Type` charset, then what the document says about itself (`<meta charset>` or
 * `http-equiv` for HTML, the `<?xml encoding?>` declaration for XML), then a guess from the bytes.
 */

/** How much of the body is searched for an in-document declaration. */
// The HTML standard prescans 1024 bytes; real pages put long <script>/<style> blocks and comments before
// their <meta charset>, so this looks further. A declaration deeper than this is not honoured.
const PRESCAN_BYTES = 4096;

/**
 * The encoding to decode `body` with, as the WHATWG Encoding name `TextDecoder` reports (`utf-8`,
 * `windows-1252`, `shift_jis`, `utf-16le`…). Labels no decoder knows are skipped, like browsers do.
 */
export function detectCharset(body: Buffer, media: MediaType): string {
  const fromBom = bomEncoding(body);
  if (fromBom !== undefined) return fromBom;
  const fromHeader = media.charset === undefined ? undefined : encodingForLabel(media.charset);
  if (fromHeader !== undefined) return fromHeader;
  // JSON is UTF-8 by definition (RFC 8259): nothing inside it can say otherwise.
  if (media.essence === "application/json" || media.essence.endsWith("+json")) return "utf-8";

  const undeclared = media.essence === "";
  const head = body.subarray(0, PRESCAN_BYTES).toString("latin1");
  if (isHtmlEssence(media.essence) || undeclared) {
    const fromMeta = metaCharset(head);
    if (fromMeta !== undefined) return fromMeta;
  }
  if (isXmlEssence(media.essence) || isHtmlEssence(media.essence) || undeclared) {
    const fromXml = xmlDeclarationCharset(head);
    if (fromXml !== undefined) return fromXml;
  }
  // Nothing declared. Bytes that are valid UTF-8 almost surely are UTF-8 (legacy encodings rarely produce
  // valid multi-byte sequences by accident); otherwise windows-1252, the web's historic default.
  return isUtf8(body) ? "utf-8" : "windows-1252";
}

/** The canonical encoding name for a label (`latin1` → `windows-1252`, `sjis` → `shift_jis`), if known. */
export function encodingForLabel(label: string): string | undefined {
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    return undefined;
  }
}

function bomEncoding(body: Buffer): string | undefined {
  const [a, b, c] = body;
  if (a === 0xef && b === 0xbb && c === 0xbf) return "utf-8";
  if (a === 0xff && b === 0xfe) return "utf-16le";
  if (a === 0xfe && b === 0xff) return "utf-16be";
  return undefined;
}

// <meta charset="x"> and <meta http-equiv="Content-Type" content="text/html; charset=x"> alike. A tag
// is read up to the next "<" as well as its ">": a head full of unclosed `<meta` would otherwise be
// rescanned from each one.
const META_CHARSET = /<meta\b[^<>]*?\bcharset\s*=\s*(?:["']\s*)?([\w.:-]+)/i;
// A comment runs to its "-->", or to the end when it never closes (as the prescan reads it): matching
// the rest at once keeps each unclosed "<!--" from being scanned again.
const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;

function metaCharset(head: string): string | undefined {
  const match = META_CHARSET.exec(head.replace(COMMENT, ""));
  const encoding = match?.[1] === undefined ? undefined : encodingForLabel(match[1]);
  // HTML standard: a document that can declare itself in ASCII is not UTF-16, whatever it claims; and
  // x-user-defined means windows-1252 when decoding a document.
  if (encoding === "utf-16le" || encoding === "utf-16be") return "utf-8";
  if (encoding === "x-user-defined") return "windows-1252";
  return encoding;
}

const XML_DECLARATION = /^\s*<\?xml\s[^>]*?\bencoding\s*=\s*["']([^"']+)["']/;

function xmlDeclarationCharset(head: string): string | undefined {
  const match = XML_DECLARATION.exec(head);
  const encoding = match?.[1] === undefined ? undefined : encodingForLabel(match[1]);
  // An ASCII declaration cannot be UTF-16 either (a UTF-16 document starts with a BOM, handled earlier).
  return encoding === "utf-16le" || encoding === "utf-16be" ? "utf-8" : encoding;
}
