import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CONTENT_SECURITY_POLICY, withContentSecurityPolicy } from "./content-security-policy.js";

/** The policy's directives as a map: `script-src` → `'self'`. */
function directives(policy: string): Map<string, string> {
  return new Map(
    policy
      .split(";")
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = "", ...values] = part.split(/\s+/);
        return [name, values.join(" ")] as const;
      }),
  );
}

const STRICT = {
  "script-src": "'self'",
  "object-src": "'none'",
  "base-uri": "'none'",
  "default-src": "'self'",
};

describe("the app window's Content Security Policy", () => {
  it("runs only the app's own scripts, with no eval, plugins or base rewriting", () => {
    const header = directives(CONTENT_SECURITY_POLICY);
    for (const [name, value] of Object.entries(STRICT)) expect(header.get(name)).toBe(value);
    expect(header.get("connect-src")).toBe("'self'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|\*(?!\.)/);
  });

  it("is also in renderer/index.html's meta tag, which is what a file:// page gets", () => {
    const html = readFileSync(new URL("../../../renderer/index.html", import.meta.url), "utf8");
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
    expect(meta).toBeDefined();
    const tag = directives(meta ?? "");
    for (const [name, value] of Object.entries(STRICT)) expect(tag.get(name)).toBe(value);
    expect(meta).not.toContain("unsafe-eval");
  });

  it("replaces a response's own policy, whatever its header's case", () => {
    const headers = withContentSecurityPolicy({
      "content-security-policy": ["default-src *"],
      "Content-Type": ["text/html"],
    });
    expect(headers).toEqual({
      "Content-Type": ["text/html"],
      "Content-Security-Policy": [CONTENT_SECURITY_POLICY],
    });
  });
});
