import { describe, expect, it } from "vitest";
import { parseAddress } from "./address-url.js";

describe("parseAddress", () => {
  it("keeps an http(s) URL as typed, trimmed", () => {
    expect(parseAddress("  http://127.0.0.1:4000/demo/ ")).toEqual({ url: "http://127.0.0.1:4000/demo/" });
    expect(parseAddress("https://example.com")).toEqual({ url: "https://example.com" });
    expect(parseAddress("https://example.com/search?q=a b")).toEqual({
      url: "https://example.com/search?q=a b",
    });
    expect(parseAddress("https://hello world")).toEqual({
      error: expect.stringContaining("is not a web address") as string,
    });
  });

  it("adds https to a bare host and http to a bare loopback or private address", () => {
    expect(parseAddress("example.com")).toEqual({ url: "https://example.com" });
    expect(parseAddress("example.com/a?b=1")).toEqual({ url: "https://example.com/a?b=1" });
    expect(parseAddress("127.0.0.1:4000/demo")).toEqual({ url: "http://127.0.0.1:4000/demo" });
    expect(parseAddress("localhost:3000")).toEqual({ url: "http://localhost:3000" });
    expect(parseAddress("localhost")).toEqual({ url: "http://localhost" });
    expect(parseAddress("192.168.1.20")).toEqual({ url: "http://192.168.1.20" });
    expect(parseAddress("shop.example:8443/x")).toEqual({ url: "https://shop.example:8443/x" });
    expect(parseAddress("devbox:8080/api")).toEqual({ url: "https://devbox:8080/api" });
    expect(parseAddress("xn--bcher-kva.example")).toEqual({ url: "https://xn--bcher-kva.example" });
  });

  it("says words that are no host are not a web address, and sends nothing", () => {
    for (const typed of ["hello world", "hello", "what is loupe?", "example .com", "a..b", "-x.com"])
      expect(parseAddress(typed)).toEqual({
        error: `"${typed}" is not a web address: type one like example.com or https://example.com/page.`,
      });
  });

  it("refuses other schemes with a sentence saying what to type", () => {
    for (const typed of [
      "ftp://files.example",
      "file:///etc/passwd",
      "javascript:alert(1)",
      "chrome://settings",
    ])
      expect(parseAddress(typed)).toEqual({
        error: expect.stringMatching(/^The Studio opens http and https pages only/) as string,
      });
  });
});
