import { describe, expect, it } from "vitest";
import { cssIdentifier, cssString } from "./css-escape.js";

describe("CSS escaping as CSS.escape does it", () => {
  it("escapes what an identifier cannot hold", () => {
    expect(cssIdentifier("price")).toBe("price");
    expect(cssIdentifier("a.b")).toBe("a\\.b");
    expect(cssIdentifier("1st")).toBe("\\31 st");
    expect(cssIdentifier("-2x")).toBe("-\\32 x");
    expect(cssIdentifier("-")).toBe("\\-");
    expect(cssIdentifier("w-1/2")).toBe("w-1\\/2");
    expect(cssIdentifier("md:flex")).toBe("md\\:flex");
    expect(cssIdentifier("café_x")).toBe("café_x");
    expect(cssIdentifier("a\u0001")).toBe("a\\1 ");
  });

  it("quotes a string", () => {
    expect(cssString('say "hi" \\ now')).toBe('"say \\"hi\\" \\\\ now"');
    expect(cssString("two\nlines")).toBe('"two\\a lines"');
  });
});
