import { describe, expect, it } from "vitest";
import { linearRegExp, regexProblem } from "./schema-regex.js";

describe("linearRegExp (the engine ajv compiles patterns with)", () => {
  it("runs ^(a+)+$ against a long 'aaaa…!' in linear time, where V8 would backtrack for ages", () => {
    const answer = "a".repeat(100_000) + "!";
    const re = linearRegExp("^(a+)+$", "u");
    expect(re.test(answer)).toBe(false);
    expect(re.test("aaaa")).toBe(true);
  });

  it("keeps ECMAScript's meaning of \\s, \\S and . where RE2's differs", () => {
    expect(linearRegExp("^\\s$", "u").test("\u00a0")).toBe(true);
    expect(linearRegExp("^[\\s]$", "u").test("\u3000")).toBe(true);
    expect(linearRegExp("^\\S$", "u").test("\u00a0")).toBe(false);
    expect(linearRegExp("^.$", "u").test("\r")).toBe(false);
    expect(linearRegExp("^.$", "u").test("😀")).toBe(true);
  });

  it("reads ECMAScript syntax: \\u escapes, named groups, slashes, searches anywhere", () => {
    expect(linearRegExp("^caf\\u00e9$", "u").test("café")).toBe(true);
    expect(linearRegExp("^(?<year>\\d{4})-\\d{2}$", "u").test("2024-05")).toBe(true);
    expect(linearRegExp("a/b", "u").test("xa/by")).toBe(true);
    expect(linearRegExp("\\d", "u").test("abc1")).toBe(true);
  });

  it("refuses backreferences and lookaround with a message that says why", () => {
    expect(() => linearRegExp("^(a)\\1$", "u")).toThrow(
      /uses a backreference \(\\1\), which Loupe does not run/,
    );
    expect(() => linearRegExp("^(?<x>a)\\k<x>$", "u")).toThrow(/named backreference/);
    expect(() => linearRegExp("^(?!x)", "u")).toThrow(/lookahead/);
    expect(() => linearRegExp("(?<=x)y", "u")).toThrow(/lookbehind/);
  });

  it("refuses a pattern whose compiled program is past the limit", () => {
    expect(() => linearRegExp("a{1000}".repeat(11), "u")).toThrow(
      /compiles to 11,\d{3} instructions; the limit is 10,000/,
    );
  });

  it("leaves escaped look-alikes and classes alone", () => {
    expect(regexProblem("\\(?=\\)", "the pattern")).toBeUndefined();
    expect(regexProblem("[(?=]", "the pattern")).toBeUndefined();
    expect(regexProblem("\\\\1", "the pattern")).toBeUndefined();
  });
});
