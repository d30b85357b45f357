import { isIP } from "node:net";
import type { Readable } from "node:stream";
import type { Dispatcher } from "undici";
import { ACCEPT_ENCODING } from "./content-encoding.js";
import type { RawHeaders } from "./response-headers.js";
import { portOf } from "./target-url.js";
import { isAddressFailure } from "./transport-errors.js";

/** The status line and headers of one hop; the body is still to be read (or dropped). */
export interface HopResponse {
  statusCode: number;
  headers: RawHeaders;
  body: Readable;
}

// Honest about being a program (some sites answer bots differently, which is their call), but shaped like
// a browser's so naive User-Agent sniffing still serves the normal page.
const USER_AGENT = "Mozilla/5.0 (compatible; LoupeCloud/0.1)";
const ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

/**
 * Sends the GET of one hop to the first of `addresses` that accepts a connection. The addresses are the
 * already-checked resolution of `url`'s host; trying the next one on a refused or timed-out connect is what
 * a browser does for a host with both IPv6 and IPv4 records (an unreachable IPv6 route is common). Nothing
 * has been sent when a connect fails, so the retry is safe.
 */
export async function sendHop(
  url: URL,
  addresses: readonly string[],
  dispatcher: Dispatcher,
  signal: AbortSignal,
): Promise<HopResponse> {
  for (const [index, address] of addresses.entries()) {
    try {
      const { statusCode, headers, body } = await dispatcher.request({
        origin: `${url.protocol}//${isIP(address) === 6 ? `[${address}]` : address}:${portOf(url)}`,
        path: `${url.pathname}${url.search}`,
        method: "GET",
        headers: {
          host: url.host,
          "user-agent": USER_AGENT,
          accept: ACCEPT,
          "accept-encoding": ACCEPT_ENCODING,
        },
        signal,
      });
      return { statusCode, headers, body };
    } catch (error) {
      if (signal.aborted || index === addresses.length - 1 || !isAddressFailure(error)) throw error;
    }
  }
  throw new Error("sendHop needs at least one address");
}
