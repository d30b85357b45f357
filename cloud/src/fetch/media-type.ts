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
    const charset = charsetParameter(parameter);
    if (charset) media.charset = charset;
  }
  return media;
}

/**
 * The value of a `charset=value` or `charset="value"` parameter, else undefined. Read by hand: the
 * header is the remote server's, and a pattern with optional spaces on both sides of an optional quote
 * backtracks for seconds on a few kilobytes of them.
 */
function charsetParameter(parameter: string): string | undefined {
  const equals = parameter.indexOf("=");
  if (equals < 0 || parameter.slice(0, equals).trim().toLowerCase() !== "charset") return undefined;
  let value = parameter.slice(equals + 1).trim();
  if (value.startsWith('"')) value = value.slice(1);
  if (value.endsWith('"')) value = value.slice(0, -1);
  return value.includes('"') ? undefined : value.trim() || undefined;
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
