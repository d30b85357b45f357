import { TargetFetchError } from "./target-fetch-error.js";

/** A `Content-Encoding` Loupe can undo; what `Accept-Encoding` offers. */
export type SupportedCoding = "gzip" | "deflate" | "br";

/** The `Accept-Encoding` sent with every request: exactly the codings {@link planDecoding} can undo. */
export const ACCEPT_ENCODING = "gzip, deflate, br";

/** How to turn the bytes on the wire into the body. */
export type DecodingPlan =
  /** Undo these codings, in this order (the reverse of the header's). Empty: the body is as sent. */
  | { kind: "decode"; layers: SupportedCoding[] }
  /**
   * A coding Node cannot undo (zstd on Node 20, compress, anything unknown; we never offered them): the
   * bytes are returned as sent, and the caller treats them as binary. Failing would lose a body that
   * the caller might still use, and the `Content-Encoding` header in the result says what it holds.
   */
  | { kind: "passthrough"; coding: string };

/**
 * Reads a `Content-Encoding` header into a decoding plan. More than `maxLayers` codings is refused as
 * `response_too_large` before a byte is read: stacking gzip on gzip multiplies the inflation ratio, and no
 * honest server encodes twice.
 */
export function planDecoding(header: string | undefined, maxLayers: number): DecodingPlan {
  const codings = (header ?? "")
    .split(",")
    .map((token) => token.trim().toLowerCase())
    .filter((token) => token !== "" && token !== "identity");
  if (codings.length > maxLayers) {
    throw new TargetFetchError(
      "response_too_large",
      `The target's response is encoded ${codings.length} times (Content-Encoding: ${header}); ` +
        `at most ${maxLayers} layers are decoded, to keep decompression bounded.`,
    );
  }
  const layers: SupportedCoding[] = [];
  // The header lists codings in the order they were applied; they are undone last first.
  for (const coding of codings.reverse()) {
    const supported = supportedCoding(coding);
    if (supported === undefined) return { kind: "passthrough", coding };
    layers.push(supported);
  }
  return { kind: "decode", layers };
}

function supportedCoding(token: string): SupportedCoding | undefined {
  if (token === "gzip" || token === "x-gzip") return "gzip";
  if (token === "deflate") return "deflate";
  if (token === "br") return "br";
  return undefined;
}
