import { describe, expect, it } from "vitest";
import { addressToUrl } from "./address-url.js";

describe("addressToUrl", () => {
  it("keeps a URL with a scheme as typed, trimmed", () => {
    expect(addressToUrl("  http://127.0.0.1:4000/demo/ ")).toBe("http://127.0.0.1:4000/demo/");
    expect(addressToUrl("https://example.com")).toBe("https://example.com");
    expect(addressToUrl("ftp://files.example")).toBe("ftp://files.example");
  });

  it("adds https to a bare host and http to a bare loopback or private address", () => {
    expect(addressToUrl("example.com/a?b=1")).toBe("https://example.com/a?b=1");
    expect(addressToUrl("127.0.0.1:4000/demo")).toBe("http://127.0.0.1:4000/demo");
    expect(addressToUrl("localhost:3000")).toBe("http://localhost:3000");
    expect(addressToUrl("192.168.1.20")).toBe("http://192.168.1.20");
    expect(addressToUrl("shop.example:8443/x")).toBe("https://shop.example:8443/x");
  });
});
