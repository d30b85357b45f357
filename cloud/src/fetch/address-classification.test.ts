import { describe, expect, it } from "vitest";
import { canonicalIpAddress, nonPublicAddressReason } from "./address-classification.js";

describe("canonicalIpAddress", () => {
  it.each([
    ["127.0.0.1", "127.0.0.1"],
    ["::8.8.8.8", "::808:808"],
    ["::ffff:127.0.0.1", "::ffff:7f00:1"],
    ["2606:4700:4700:0:0:0:0:1111", "2606:4700:4700::1111"],
    ["0x7f.0.0.1", undefined],
    ["127.1", undefined],
    ["fe80::1%eth0", undefined],
    ["localhost", undefined],
  ])("reads %s as the socket does: %s", (address, canonical) => {
    expect(canonicalIpAddress(address)).toBe(canonical);
  });
});

describe("nonPublicAddressReason", () => {
  it.each([
    // IPv4 special-purpose blocks.
    ["0.0.0.0", /unspecified/],
    ["0.1.2.3", /unspecified/],
    ["10.0.0.1", /private/],
    ["172.16.0.1", /private/],
    ["172.31.255.255", /private/],
    ["192.168.1.1", /private/],
    ["100.64.0.1", /carrier-grade NAT/],
    ["100.127.255.254", /carrier-grade NAT/],
    ["127.0.0.1", /loopback/],
    ["127.255.255.254", /loopback/],
    ["169.254.169.254", /link-local.*metadata/],
    ["169.254.0.1", /link-local/],
    ["192.0.0.170", /reserved/],
    ["192.0.2.1", /reserved/],
    ["198.18.0.1", /reserved/],
    ["198.51.100.7", /reserved/],
    ["203.0.113.9", /reserved/],
    ["224.0.0.1", /multicast/],
    ["239.255.255.250", /multicast/],
    ["240.0.0.1", /reserved/],
    ["255.255.255.255", /broadcast/],
    // IPv6 outside global unicast.
    ["::", /outside IPv6 global unicast/],
    ["::1", /outside IPv6 global unicast/],
    // Deprecated IPv4-compatible ::a.b.c.d: refused whatever the IPv4 address, in every spelling (ipaddr.js
    // alone reads "::8.8.8.8" as the mapped ::ffff:8.8.8.8, which the socket does not connect to).
    ["::7f00:1", /IPv4-compatible address \(::\/96, here ::127\.0\.0\.1\)/],
    ["::127.0.0.1", /IPv4-compatible.*::127\.0\.0\.1/],
    ["::8.8.8.8", /IPv4-compatible.*::8\.8\.8\.8/],
    ["0:0:0:0:0:0:8.8.8.8", /IPv4-compatible/],
    ["::808:808", /IPv4-compatible/],
    ["fe80::1", /outside IPv6 global unicast/],
    ["fc00::1", /outside IPv6 global unicast/],
    ["fd00:ec2::254", /outside IPv6 global unicast/], // AWS metadata over IPv6
    ["fec0::1", /outside IPv6 global unicast/],
    ["ff02::1", /outside IPv6 global unicast/],
    ["100::1", /outside IPv6 global unicast/],
    ["64:ff9b:1::1", /outside IPv6 global unicast/], // local-use NAT64
    // IPv6 forms that carry an IPv4 address, judged by it.
    ["::ffff:127.0.0.1", /IPv4-mapped form of 127\.0\.0\.1, a loopback/],
    ["::ffff:7f00:1", /IPv4-mapped form of 127\.0\.0\.1/],
    ["::ffff:a00:1", /IPv4-mapped form of 10\.0\.0\.1, a private/],
    ["::ffff:169.254.169.254", /IPv4-mapped.*link-local/],
    ["::ffff:0:7f00:1", /IPv4-translated form of 127\.0\.0\.1/],
    ["64:ff9b::7f00:1", /NAT64 form of 127\.0\.0\.1/],
    ["64:ff9b::a9fe:a9fe", /NAT64 form of 169\.254\.169\.254/],
    ["2002:7f00:1::", /6to4 form of 127\.0\.0\.1/],
    ["2002:c0a8:101::1", /6to4 form of 192\.168\.1\.1/],
    // Inside 2000::/3 but special.
    ["2001::1", /IETF special-purpose/], // Teredo
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", /IETF special-purpose/], // Teredo with embedded addresses
    ["2001:2::1", /IETF special-purpose/], // benchmarking
    ["2001:db8::1", /documentation/],
    ["3fff::1", /documentation/],
    // Not addresses at all.
    ["localhost", /not an IP address/],
    ["2130706433", /not an IP address/],
    ["0177.0.0.1", /not an IP address/],
    ["fe80::1%eth0", /not an IP address/], // a zone id: the socket would pick an interface the URL did not
    ["", /not an IP address/],
  ])("refuses %s", (address, reason) => {
    expect(nonPublicAddressReason(address)).toMatch(reason);
  });

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "93.184.216.34",
    "100.63.255.255", // just below CGNAT
    "100.128.0.0", // just above CGNAT
    "172.15.255.255", // just below 172.16/12
    "172.32.0.0", // just above
    "2606:4700:4700::1111",
    "2a00:1450:4001:80b::200e",
    "::ffff:8.8.8.8", // mapped public IPv4
    "64:ff9b::808:808", // NAT64 of a public IPv4 (DNS64 networks)
    "2002:808:808::1", // 6to4 of a public IPv4
  ])("accepts public %s", (address) => {
    expect(nonPublicAddressReason(address)).toBeUndefined();
  });
});
