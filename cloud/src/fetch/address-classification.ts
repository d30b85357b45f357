import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Which IP addresses count as "the public internet". Everything else is refused unless the policy allows
 * private networks: this is the SSRF line. The input is always an address about to be connected to (an
 * IP literal from the URL, or one the resolver returned), never a host name, so every spelling trick
 * (decimal, octal, hex, short IPv4, IPv4 inside IPv6) has already been reduced to a literal by the WHATWG
 * URL parser or the resolver before it reaches here.
 */

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

// IPv4: ipaddr.js names every special-purpose block of the IANA registry (RFC 6890 and successors):
// unspecified 0/8, private 10/8 172.16/12 192.168/16, CGNAT 100.64/10, loopback 127/8, link-local 169.254/16
// (cloud metadata 169.254.169.254 included), 192.0.0/24, TEST-NETs, benchmarking 198.18/15, 6to4 relay,
// AS112, AMT, multicast 224/4, reserved 240/4 and broadcast. Only what it calls "unicast" is public, so a
// block added to a later ipaddr.js version makes the check stricter, never looser.
const IPV4_RANGE_NAMES: Record<string, string> = {
  unspecified: "an unspecified address (0.0.0.0/8)",
  broadcast: "the broadcast address",
  multicast: "a multicast address",
  linkLocal: "a link-local address (169.254.0.0/16, where cloud metadata services live)",
  loopback: "a loopback address",
  carrierGradeNat: "a carrier-grade NAT address (100.64.0.0/10)",
  private: "a private network address",
  reserved: "a reserved, documentation or benchmarking address",
  as112: "an AS112 sink address",
  amt: "an AMT relay address",
};

// IPv6 is judged by an allowlist instead: every public unicast address lives in 2000::/3 (RFC 4291 §2.4),
// which leaves out ::/8 (unspecified, loopback, deprecated IPv4-compatible ::a.b.c.d), 64:ff9b::/16
// (NAT64), 100::/64 (discard), fc00::/7 (unique local, including AWS metadata fd00:ec2::254), fe80::/10
// (link-local), fec0::/10 (site-local), ff00::/8 (multicast) and anything IANA assigns later.
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR("2000::/3");

// Prefixes whose last 32 bits are an IPv4 address the packet ends up at; judged by that IPv4 address.
const EMBEDS_IPV4_IN_LAST_32_BITS: ReadonlyArray<[[IPv6, number], string]> = [
  [ipaddr.IPv6.parseCIDR("::ffff:0:0/96"), "IPv4-mapped"],
  [ipaddr.IPv6.parseCIDR("::ffff:0:0:0/96"), "IPv4-translated"],
  [ipaddr.IPv6.parseCIDR("64:ff9b::/96"), "NAT64"],
];

// 6to4 (RFC 3056): 2002:AABB:CCDD::/48 routes to the IPv4 address AA.BB.CC.DD.
const SIX_TO_FOUR = ipaddr.IPv6.parseCIDR("2002::/16");

// Inside 2000::/3 but not somewhere a web page lives.
const NON_PUBLIC_IN_GLOBAL: ReadonlyArray<[[IPv6, number], string]> = [
  // IETF protocol assignments: Teredo 2001::/32 (its embedded IPv4s are obfuscated and a web server never
  // lives there), benchmarking 2001:2::/48, AMT, AS112, ORCHID.
  [ipaddr.IPv6.parseCIDR("2001::/23"), "an IETF special-purpose address (Teredo, benchmarking, ORCHID…)"],
  [ipaddr.IPv6.parseCIDR("2001:db8::/32"), "a documentation address"],
  [ipaddr.IPv6.parseCIDR("3fff::/20"), "a documentation address"],
];

// The deprecated IPv4-compatible form ::a.b.c.d (RFC 4291 §2.5.5.1). ipaddr.js reads "::8.8.8.8" as the
// IPv4-MAPPED ::ffff:8.8.8.8 while the socket connects to ::808:808, so this prefix is refused outright
// and addresses are always read in the socket's spelling (see canonicalIpAddress).
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR("::/96");

/**
 * The address spelled as the socket reads it, or `undefined` when it is not an IP literal the socket
 * accepts. The classifier judges this spelling and the connection is made to it, so the two can never
 * read one string two ways: IPv6 goes through the WHATWG URL parser (which reads a dotted tail as the last
 * 32 bits, as inet_pton does, and refuses zone ids); IPv4 must already be a dotted quad (`isIP` refuses
 * the octal and short forms that ipaddr.js would accept).
 */
export function canonicalIpAddress(address: string): string | undefined {
  const family = isIP(address);
  if (family === 4) return ipaddr.IPv4.isValidFourPartDecimal(address) ? address : undefined;
  if (family !== 6) return undefined;
  try {
    const hostname = new URL(`http://[${address}]/`).hostname;
    return hostname.slice(1, -1);
  } catch {
    return undefined;
  }
}

/**
 * Why `address` is not a public internet address, in words for an error message; `undefined` when it is
 * public. Anything that is not a valid IP literal is refused too. Judges `address` as the socket reads
 * it: connect to `canonicalIpAddress(address)`, never to a spelling the classifier did not see.
 */
export function nonPublicAddressReason(address: string): string | undefined {
  const canonical = canonicalIpAddress(address);
  if (canonical === undefined || !ipaddr.isValid(canonical)) return "not an IP address";
  const parsed = ipaddr.parse(canonical);
  return parsed.kind() === "ipv4" ? ipv4Reason(parsed as IPv4) : ipv6Reason(parsed as IPv6);
}

function ipv4Reason(address: IPv4): string | undefined {
  const range = address.range();
  if (range === "unicast") return undefined;
  return IPV4_RANGE_NAMES[range] ?? `a special-purpose address (${range})`;
}

function ipv6Reason(address: IPv6): string | undefined {
  // :: and ::1 sit inside ::/96 too, and are better named by the general reason below.
  if (address.match(IPV4_COMPATIBLE) && address.range() !== "unspecified" && address.range() !== "loopback")
    return `a deprecated IPv4-compatible address (::/96, here ::${lastIpv4(address).toString()})`;
  for (const [cidr, label] of EMBEDS_IPV4_IN_LAST_32_BITS) {
    if (address.match(cidr)) return embeddedReason(lastIpv4(address), label);
  }
  if (address.match(SIX_TO_FOUR)) {
    const [, high = 0, low = 0] = address.parts;
    return embeddedReason(ipv4FromWords(high, low), "6to4");
  }
  if (!address.match(GLOBAL_UNICAST)) return "outside IPv6 global unicast (loopback, private, link-local…)";
  for (const [cidr, label] of NON_PUBLIC_IN_GLOBAL) {
    if (address.match(cidr)) return label;
  }
  return undefined;
}

function embeddedReason(inner: IPv4, label: string): string | undefined {
  const reason = ipv4Reason(inner);
  return reason === undefined ? undefined : `${label} form of ${inner.toString()}, ${reason}`;
}

function lastIpv4(address: IPv6): IPv4 {
  const [, , , , , , high = 0, low = 0] = address.parts;
  return ipv4FromWords(high, low);
}

function ipv4FromWords(high: number, low: number): IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}
