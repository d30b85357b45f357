import { describe, expect, it } from "vitest";
import { instanceOrigin, parseInstanceUrl } from "./instance-url.js";

describe("parseInstanceUrl", () => {
  it("takes an http or https origin, with or without a trailing slash", () => {
    expect(instanceOrigin(parseInstanceUrl("http://10.0.0.5:4455"))).toBe("http://10.0.0.5:4455");
    expect(instanceOrigin(parseInstanceUrl("https://loupe-2.internal/"))).toBe("https://loupe-2.internal");
    expect(instanceOrigin(parseInstanceUrl("http://[::1]:4455"))).toBe("http://[::1]:4455");
  });

  it("refuses what is not a URL, another scheme, credentials, a path, a query or a fragment, saying what to give", () => {
    expect(() => parseInstanceUrl("10.0.0.5:4455")).toThrow(/must be http or https|not a URL/);
    expect(() => parseInstanceUrl("not a url")).toThrow(/is not a URL.*like http:\/\/10\.0\.0\.5:4455/);
    expect(() => parseInstanceUrl("ws://10.0.0.5:4455")).toThrow(/must be http or https, not "ws:"/);
    expect(() => parseInstanceUrl("http://user:secret@10.0.0.5:4455")).toThrow(/no credentials/);
    expect(() => parseInstanceUrl("http://user:secret@10.0.0.5:4455")).not.toThrow(/secret/);
    expect(() => parseInstanceUrl("http://10.0.0.5:4455/loupe")).toThrow(/no path, query or fragment/);
    expect(() => parseInstanceUrl("http://10.0.0.5:4455/?a=1")).toThrow(/no path, query or fragment/);
    expect(() => parseInstanceUrl("http://10.0.0.5:4455/#x")).toThrow(/no path, query or fragment/);
  });
});
