import { detectCharset } from "./charset-detection.js";
import { hasPdfSignature, looksBinary } from "./content-sniffing.js";
import { isPdfEssence, isTextEssence, parseMediaType } from "./media-type.js";
import { decodeText } from "./text-decoding.js";

/** How a body is handed to the API: as text, or as base64 of its bytes. */
export interface BodyRepresentation {
  /** `utf-8` when `content` is the decoded text, `base64` when it is the bytes in base64. */
  encoding: "utf-8" | "base64";
  content: string;
  /** The body is a PDF, by its type or by its `%PDF-` signature. */
  isPdf: boolean;
  /** The character encoding the text was decoded from (WHATWG name); text only. */
  charset?: string;
}

/**
 * Decides text or binary and produces `content`. Text is a declared text type (see `isTextEssence`), or no
 * type at all with bytes that sniff as text; everything else, and every PDF whatever its declared type
 * (its bytes would not survive decoding), is binary. `stillEncoded` marks a body whose Content-Encoding
 * could not be undone: its bytes are compressed, so binary whatever the type says.
 */
export function representBody(body: Buffer, contentType: string, stillEncoded: boolean): BodyRepresentation {
  const media = parseMediaType(contentType === "" ? undefined : contentType);
  const isPdf = isPdfEssence(media.essence) || hasPdfSignature(body);
  const isText =
    !stillEncoded && !isPdf && (media.essence === "" ? !looksBinary(body) : isTextEssence(media.essence));
  if (!isText) return { encoding: "base64", content: body.toString("base64"), isPdf };
  const charset = detectCharset(body, media);
  return { encoding: "utf-8", content: decodeText(body, charset), isPdf, charset };
}
