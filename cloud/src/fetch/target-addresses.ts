import { lookup } from "node:dns/promises";
import { canonicalIpAddress, nonPublicAddressReason } from "./address-classification.js";
import type { FetchPolicy } from "./fetch-policy.js";
import { TargetFetchError } from "./target-fetch-error.js";
import { hostIpLiteral, portOf } from "./target-url.js";
import { abortable } from "@loupe/core/engine";

/**
 * Resolves the URL's host ONCE and checks every address it resolves to; the caller then connects to these
 * literals only. Checking one lookup and connecting after another would let a DNS server answer "public"
 * to the check and "127.0.0.1" to the connection (DNS rebinding), so nothing downstream ever resolves the
 * name again. If ANY address is refused the whole host is: an attacker who mixes one public and one
 * private record must not win the connection race.
 *
 * @returns the addresses, in the resolver's order, as IP literals spelled as the socket reads them
 *   (the spelling that was checked).
 */
export async function resolveCheckedAddresses(
  url: URL,
  policy: FetchPolicy,
  signal: AbortSignal,
): Promise<string[]> {
  const literal = hostIpLiteral(url);
  const resolved = literal !== undefined ? [literal] : await resolveHost(url.hostname, policy, signal);
  const port = portOf(url);
  return resolved.map((address) => {
    const canonical = canonicalIpAddress(address);
    const reason = canonical === undefined ? "not an IP address" : refusalReason(canonical, port, policy);
    if (canonical === undefined || reason !== undefined) {
      const via =
        literal === undefined ? `${url.hostname} resolves to ${address}, which is` : `${address} is`;
      throw new TargetFetchError(
        "blocked_target",
        `${via} ${reason}; Loupe Cloud only fetches public internet addresses.`,
      );
    }
    return canonical;
  });
}

function refusalReason(address: string, port: number, policy: FetchPolicy): string | undefined {
  if (policy.allowPrivateNetwork) return undefined;
  if (policy.isPublicAddress?.(address, port) === true) return undefined;
  return nonPublicAddressReason(address);
}

async function resolveHost(hostname: string, policy: FetchPolicy, signal: AbortSignal): Promise<string[]> {
  const resolve = policy.lookupHost ?? systemLookup;
  let addresses: string[];
  try {
    // dns.lookup cannot be cancelled; racing it keeps a slow resolver inside the overall timeout.
    addresses = await abortable(resolve(hostname), signal);
  } catch (error) {
    if (signal.aborted) throw error;
    throw new TargetFetchError("target_unreachable", `The host name ${hostname} could not be resolved.`, {
      cause: error,
    });
  }
  if (addresses.length === 0) {
    throw new TargetFetchError("target_unreachable", `The host name ${hostname} has no addresses.`);
  }
  return addresses;
}

async function systemLookup(hostname: string): Promise<string[]> {
  // All addresses, in the resolver's order: the connection tries them in turn.
  const results = await lookup(hostname, { all: true, verbatim: true });
  return results.map((result) => result.address);
}
