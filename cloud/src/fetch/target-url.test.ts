import { describe, expect, it } from "vitest";
import { TargetFetchError } from "./target-fetch-error.js";
import { hostIpLiteral, parseTargetUrl, portOf, resolveRedirectUrl } from "./target-url.js";

describe("parseTargetUrl", () => {
  // The SSRF check sees addresses only after the WHATWG parser has normalised them: verify it does.
  it.each([
    ["http://127.0.0.1:8080/", "127.0.0.1"],
    ["http://2130706433/", "127.0.0.1"],
    ["http://0177.0.0.1/", "127.0.0.1"],
    ["http://0x7f.0.0.1/", "127.0.0.1"],
    ["http://0x7f000001/", "127.0.0.1"],
    ["http://127.1/", "127.0.0.1"],
    ["http://127.0.1/", "127.0.0.1"],
    ["http://017700000001/", "127.0.0.1"],
    ["http://127.0.0.1./", "127.0.0.1"],
    ["http://0.0.0.0/", "0.0.0.0"],
    ["http://0/", "0.0.0.0"],
    ["http://[::1]/", "::1"],
    ["http://[::ffff:127.0.0.1]/", "::ffff:7f00:1"],
    ["http://[0:0:0:0:0:ffff:7f00:0001]/", "::ffff:7f00:1"],
    ["http://[64:ff9b::127.0.0.1]/", "64:ff9b::7f00:1"],
  ])("reduces %s to the literal %s", (raw, literal) => {
    expect(hostIpLiteral(parseTargetUrl(raw))).toBe(literal);
  });

  it("keeps names as names, without a trailing dot", () => {
    const url = parseTargetUrl("https://LocalHost.:8443/a?b=1#c");
    expect(hostIpLiteral(url)).toBeUndefined();
    expect(url.hostname).toBe("localhost");
    expect(url.host).toBe("localhost:8443");
    expect(portOf(url)).toBe(8443);
  });

  it("knows the default ports", () => {
    expect(portOf(parseTargetUrl("http://example.com/"))).toBe(80);
    expect(portOf(parseTargetUrl("https://example.com/"))).toBe(443);
  });

  it.each([
    ["not a url", /not an absolute URL/],
    ["/relative/path", /not an absolute URL/],
    ["ftp://example.com/", /Only http and https/],
    ["file:///etc/passwd", /Only http and https/],
    ["javascript:alert(1)", /Only http and https/],
    ["http://user:secret@example.com/", /credentials/],
    ["http://./", /no usable host/],
  ])("refuses %s as invalid_request", (raw, message) => {
    let thrown: unknown;
    try {
      parseTargetUrl(raw);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(TargetFetchError);
    expect((thrown as TargetFetchError).code).toBe("invalid_request");
    expect((thrown as TargetFetchError).message).toMatch(message);
  });
});

describe("resolveRedirectUrl", () => {
  const base = new URL("https://example.com/dir/page?q=1#top");

  it("resolves relative locations against the URL that answered", () => {
    expect(resolveRedirectUrl("other", base)?.href).toBe("https://example.com/dir/other#top");
    expect(resolveRedirectUrl("/root#here", base)?.href).toBe("https://example.com/root#here");
    expect(resolveRedirectUrl("//cdn.example.net/x", base)?.href).toBe("https://cdn.example.net/x#top");
  });

  it("normalises the host of the next hop like the first", () => {
    expect(hostIpLiteral(resolveRedirectUrl("http://2130706433/", base)!)).toBe("127.0.0.1");
  });

  it("drops credentials from a Location", () => {
    expect(resolveRedirectUrl("http://u:p@example.org/", base)?.href).toBe("http://example.org/#top");
  });

  it("refuses a non-http scheme as blocked_target", () => {
    expect(() => resolveRedirectUrl("file:///etc/passwd", base)).toThrow(
      expect.objectContaining({ code: "blocked_target" }),
    );
    expect(() => resolveRedirectUrl("gopher://127.0.0.1:6379/_INFO", base)).toThrow(
      expect.objectContaining({ code: "blocked_target" }),
    );
  });

  it("gives up on a Location that is not a URL", () => {
    expect(resolveRedirectUrl("http://[::1", base)).toBeUndefined();
  });
});
