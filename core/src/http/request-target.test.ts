import { describe, expect, it } from "vitest";
import { decodeUrlPart, parseRequestTarget } from "./request-target.js";

describe("parseRequestTarget", () => {
  it("reads the origin form as a path on this server, however many slashes it starts with", () => {
    expect(parseRequestTarget("/v1/sessions/abc/connect?apiKey=k")?.pathname).toBe(
      "/v1/sessions/abc/connect",
    );
    expect(parseRequestTarget("/v1/sessions/abc/connect?apiKey=k")?.searchParams.get("apiKey")).toBe("k");
    expect(parseRequestTarget("//")?.pathname).toBe("//");
    expect(parseRequestTarget("//evil.test/x")?.pathname).toBe("//evil.test/x");
    expect(parseRequestTarget("/%ff")?.pathname).toBe("/%ff");
  });

  it("reads the absolute form as it is", () => {
    expect(parseRequestTarget("http://127.0.0.1:4455/healthz")?.pathname).toBe("/healthz");
  });

  it("answers undefined for what is no http URL, where new URL() would throw", () => {
    for (const target of [undefined, "", "*", "x", "http://[::1", "http://a b/", "file:///etc/passwd"])
      expect(parseRequestTarget(target)).toBeUndefined();
  });
});

describe("decodeUrlPart", () => {
  it("decodes good percent-encoding and answers undefined for broken encoding", () => {
    expect(decodeUrlPart("a%20b%2Fc")).toBe("a b/c");
    expect(decodeUrlPart("%E2%82%AC")).toBe("€");
    for (const broken of ["%ff", "%", "%e2%82", "%zz"]) expect(decodeUrlPart(broken)).toBeUndefined();
  });
});
