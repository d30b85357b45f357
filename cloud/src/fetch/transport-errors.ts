import { formatSeconds } from "./fetch-deadline.js";
import type { FetchPolicy } from "./fetch-policy.js";
import { TargetFetchError } from "./target-fetch-error.js";

/**
 * Turning what Node, undici and OpenSSL throw into the API's error codes. Errors are recognised by their
 * `code` (never by message text), looking through `cause` chains since undici wraps socket errors.
 */

// Node's TLS layer reports certificate problems with OpenSSL's verify codes.
const CERTIFICATE_CODES = new Set([
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "UNABLE_TO_GET_CRL",
  "UNABLE_TO_DECRYPT_CERT_SIGNATURE",
  "CERT_SIGNATURE_FAILURE",
  "CERT_NOT_YET_VALID",
  "CERT_HAS_EXPIRED",
  "CERT_REVOKED",
  "CERT_UNTRUSTED",
  "CERT_REJECTED",
  "CERT_CHAIN_TOO_LONG",
  "INVALID_CA",
  "INVALID_PURPOSE",
  "PATH_LENGTH_EXCEEDED",
  "HOSTNAME_MISMATCH",
  "ERR_TLS_CERT_ALTNAME_INVALID",
]);

const TIMEOUT_CODES = new Set([
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
  "ETIMEDOUT",
]);

const TOO_LARGE_CODES = new Set(["UND_ERR_RES_EXCEEDED_MAX_SIZE", "UND_ERR_HEADERS_OVERFLOW"]);

/** Errors worth retrying on the host's next address: nothing was sent yet, this address just failed. */
const ADDRESS_FAILURE_CODES = new Set([
  "ECONNREFUSED",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EADDRNOTAVAIL",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/** Whether connecting to one address failed before anything was sent, so another address may work. */
export function isAddressFailure(error: unknown): boolean {
  return errorCodes(error).some((code) => ADDRESS_FAILURE_CODES.has(code));
}

/**
 * The API error for a failure while talking to the target. A `TargetFetchError` (ours, from a limit or the
 * deadline) passes through unchanged. Anything unrecognised is `target_unreachable`: the target did not
 * give a usable answer, and the message keeps the low-level reason.
 */
export function toTargetFetchError(error: unknown, url: URL, policy: FetchPolicy): TargetFetchError {
  if (error instanceof TargetFetchError) return error;
  const codes = errorCodes(error);
  const detail = describe(error);
  const has = (set: Set<string>): boolean => codes.some((code) => set.has(code));

  if (
    has(CERTIFICATE_CODES) ||
    codes.some((code) => code.startsWith("ERR_SSL_") || code.startsWith("ERR_TLS_"))
  ) {
    return new TargetFetchError(
      "tls_error",
      `The TLS connection to ${url.host} failed (${detail}). If you trust this host, set allowInsecureSsl.`,
      { cause: error },
    );
  }
  if (has(TIMEOUT_CODES)) {
    const which = codes.includes("UND_ERR_CONNECT_TIMEOUT")
      ? `could not be connected to within ${formatSeconds(policy.connectTimeoutMs)}`
      : `went silent for ${formatSeconds(policy.idleTimeoutMs)}`;
    return new TargetFetchError("target_timeout", `${url.host} ${which}.`, { cause: error });
  }
  if (has(TOO_LARGE_CODES)) {
    return new TargetFetchError(
      "response_too_large",
      `The response of ${url.host} is too large (${detail}).`,
      {
        cause: error,
      },
    );
  }
  return new TargetFetchError("target_unreachable", `${url.host} could not be reached (${detail}).`, {
    cause: error,
  });
}

function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  // Bounded walk: a cause chain can be cyclic.
  for (let current = error, depth = 0; current instanceof Error && depth < 8; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") codes.push(code);
    current = current.cause;
  }
  return codes;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${typeof code === "string" ? `${code}: ` : ""}${error.message}${cause}`;
}
