/** A `Content-Type` header taken apart: the essence and the charset parameter. */
export interface MediaType {
  /** `type/subtype` in lower case, without parameters; "" when the header is absent or not a MIME type. */
  essence: string;
  /** The `charset` parameter as written (unquoted, trimmed), when there is one. */
  charset?: string;
}

/** Parses a `Content-Type` header value; tolerant, as servers write it in many ways. */
export function parseMediaType(header: string | undefined): MediaType {
  if (header === undefined) return { essence: "" };
  const [head = "", ...parameters] = header.split(";");
  const essence = head.trim().toLowerCase();
  const media: MediaType = { essence: /^[\w.+-]+\/[\w.+-]+$/.test(essence) ? essence : "" };
  for (const parameter of parameters) {
    const match = /^\s*charset\s*=\s*"?([^";]*)"?\s*$/i.exec(parameter);
    if (match?.[1]) media.charset = match[1].trim();
  }
  return media;
}

const TEXT_ESSENCES = new Set([
  "application/json",
  "application/xml",
  "application/javascript",
  "application/ecmascript",
  "application/x-javascript",
  "application/xhtml+xml",
]);

/**
 * Whether a MIME type is text: `text/*`, JSON, XML, JavaScript and every `+json`/`+xml` type (SVG, RSS,
 * Atom, JSON-LD…). Everything else declared is binary, even when its bytes would read as text: the
 * server said what it is.
 */
export function isTextEssence(essence: string): boolean {
  return (
    essence.startsWith("text/") ||
    TEXT_ESSENCES.has(essence) ||
    essence.endsWith("+json") ||
    essence.endsWith("+xml")
  );
}

/** HTML, whose `<meta charset>` may declare the encoding. */
export function isHtmlEssence(essence: string): boolean {
  return essence === "text/html" || essence === "application/xhtml+xml";
}

/** XML, whose `<?xml encoding?>` declaration may declare the encoding. */
export function isXmlEssence(essence: string): boolean {
  return essence === "application/xml" || essence === "text/xml" || essence.endsWith("+xml");
}

/** PDF by its declared type. */
export function isPdfEssence(essence: string): boolean {
  return essence === "application/pdf" || essence === "application/x-pdf";
}
