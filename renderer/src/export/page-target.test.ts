import { describe, expect, it } from "vitest";
import { isDemoUrl, pageTarget } from "./page-target.js";

const DEMO = "http://127.0.0.1:41234/";

describe("where an exported program opens its page", () => {
  it("keeps a real page's address as it is", () => {
    expect(pageTarget("https://shop.example/books?page=2", DEMO)).toEqual({
      kind: "url",
      url: "https://shop.example/books?page=2",
    });
    expect(pageTarget("http://127.0.0.1:5000/", DEMO)).toEqual({
      kind: "url",
      url: "http://127.0.0.1:5000/",
    });
    expect(isDemoUrl("https://shop.example/", DEMO)).toBe(false);
  });

  it("turns the demo shop's address of this launch into a path on the program's own demo shop", () => {
    expect(pageTarget("http://127.0.0.1:41234/newsletter.html?x=1#top", DEMO)).toEqual({
      kind: "demo",
      path: "/newsletter.html?x=1#top",
    });
    expect(pageTarget(DEMO, DEMO)).toEqual({ kind: "demo", path: "/" });
    expect(isDemoUrl(DEMO, DEMO)).toBe(true);
  });

  it("treats anything that is no URL, or no known demo address, as a plain address", () => {
    expect(pageTarget("not a url", DEMO)).toEqual({ kind: "url", url: "not a url" });
    expect(pageTarget(DEMO, undefined)).toEqual({ kind: "url", url: DEMO });
  });
});
