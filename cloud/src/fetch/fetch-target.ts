import { representBody } from "./body-representation.js";
import { planDecoding } from "./content-encoding.js";
import { startDeadline } from "./fetch-deadline.js";
import type { FetchPolicy } from "./fetch-policy.js";
import type { FetchedTarget } from "./fetched-target.js";
import { hopDispatcher } from "./hop-dispatcher.js";
import { sendHop, type HopResponse } from "./hop-request.js";
import { discardBody, readBody } from "./read-body.js";
import { redirectTarget } from "./redirect-target.js";
import { flattenHeaders, headerValue } from "./response-headers.js";
import { resolveCheckedAddresses } from "./target-addresses.js";
import { TargetFetchError } from "./target-fetch-error.js";
import type { TargetRequest } from "./target-request.js";
import { parseTargetUrl } from "./target-url.js";
import { toTargetFetchError } from "./transport-errors.js";

/**
 * Fetches a target over plain HTTP(S) — one GET, no browser, no JavaScript — and returns its response in
 * full. Every hop (the first and each redirect) is resolved, checked against the SSRF policy on every
 * address, and connected to by the checked address, before a byte is sent. The body is capped while it
 * streams, decoded, and handed back as text or base64.
 *
 * A target's own 4xx/5xx is a result. Failures reject with {@link TargetFetchError}: `invalid_request`
 * (the URL), `blocked_target` (a non-public address, or a redirect to one or to a non-http scheme),
 * `target_unreachable` (DNS, refused, reset, broken HTTP or compression, more than `maxRedirects`),
 * `tls_error`, `response_too_large`, `target_timeout`. An abort through `request.signal` rejects with the
 * signal's reason instead.
 */
export async function fetchTarget(request: TargetRequest, policy: FetchPolicy): Promise<FetchedTarget> {
  const firstUrl = parseTargetUrl(request.url);
  const deadline = startDeadline(policy.totalTimeoutMs, request.signal);
  const { signal } = deadline;
  let url = firstUrl;
  try {
    for (let redirects = 0; ; redirects++) {
      const addresses = await resolveCheckedAddresses(url, policy, signal);
      const hop = hopDispatcher(url, request, policy);
      try {
        const response = await sendHop(url, addresses, hop.dispatcher, signal);
        const next = request.allowRedirects
          ? redirectTarget(response.statusCode, response.headers, url)
          : undefined;
        if (next === undefined) return await readResponse(url, response, policy, signal);
        discardBody(response.body);
        // Too many redirects is the target's failure, not the caller's: it never settles on a response.
        if (redirects >= policy.maxRedirects) {
          throw new TargetFetchError(
            "target_unreachable",
            `${firstUrl.href} redirected more than ${policy.maxRedirects} times (next to ${next.href}). ` +
              `Fetch without allowRedirects to see each redirect.`,
          );
        }
        url = next;
      } finally {
        await hop.release();
      }
    }
  } catch (error) {
    if (error instanceof TargetFetchError) throw error;
    // The deadline's reason is a target_timeout error; a caller's abort keeps the caller's reason.
    if (signal.aborted) throw signal.reason;
    throw toTargetFetchError(error, url, policy);
  } finally {
    deadline.dispose();
  }
}

async function readResponse(
  url: URL,
  response: HopResponse,
  policy: FetchPolicy,
  signal: AbortSignal,
): Promise<FetchedTarget> {
  const { statusCode, headers } = response;
  const contentType = headerValue(headers, "content-type") ?? "";
  let plan;
  try {
    plan = planDecoding(headerValue(headers, "content-encoding"), policy.maxEncodingLayers);
  } catch (error) {
    discardBody(response.body);
    throw error;
  }
  const body = await readBody(response.body, {
    contentLength: headerValue(headers, "content-length"),
    plan,
    maxBytes: policy.maxBodyBytes,
    signal,
  });
  return {
    finalUrl: url.href,
    statusCode,
    headers: flattenHeaders(headers),
    contentType,
    body,
    ...representBody(body, contentType, plan.kind === "passthrough"),
  };
}
