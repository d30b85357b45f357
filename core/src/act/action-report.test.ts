import { describe, expect, it } from "vitest";
import { callMask, changedSecret, describeDone } from "./action-report.js";

const redact = (text: string) => text.replaceAll("remembered-value", "%old%");

describe("callMask", () => {
  it("puts each argument a variable filled back to its placeholders, whatever its length, then redacts", () => {
    const mask = callMask({ written: ["%pin%", "key %k%"], filled: ["42", "key Enter"] }, redact);
    expect(mask("typed 42 and key Enter; remembered-value")).toBe("typed %pin% and key %k%; %old%");
  });

  it("changes nothing for arguments written without variables", () => {
    const mask = callMask({ written: ["hello"], filled: ["hello"] }, (t) => t);
    expect(mask("hello world")).toBe("hello world");
  });
});

describe("describeDone", () => {
  const typed = { written: ["%pw%"], filled: ["hunter2"] };

  it("quotes a field's value with the variable's placeholder for its value", () => {
    const done = { did: "filled it", holds: { value: "hunter2", password: false } };
    expect(describeDone(done, typed, callMask(typed, redact))).toBe('filled it; it now holds "%pw%"');
    const appended = { did: "typed into it", holds: { value: "user: hunter2", password: false } };
    expect(describeDone(appended, typed, callMask(typed, redact))).toBe(
      'typed into it; it now holds "user: %pw%"',
    );
  });

  it("does not quote a value the page changed from what a variable typed", () => {
    const done = { did: "filled it", holds: { value: "hunt", password: false } };
    const text = describeDone(done, typed, callMask(typed, redact));
    expect(text).toBe(
      "filled it; it now holds 4 characters, not what was typed (the page may limit or reformat the field; not shown, since a variable was typed)",
    );
  });

  it("never quotes a password field, variables or not", () => {
    const plain = { written: ["letmein"], filled: ["letmein"] };
    const done = { did: "filled it", holds: { value: "letmein", password: true } };
    expect(describeDone(done, plain, callMask(plain, redact))).toBe(
      "filled it; it now holds 7 characters (a password field: not shown)",
    );
  });

  it("quotes a value typed without variables, with remembered values masked", () => {
    const plain = { written: ["Ada"], filled: ["Ada"] };
    const done = { did: "typed into it", holds: { value: "remembered-value Ada", password: false } };
    expect(describeDone(done, plain, callMask(plain, redact))).toBe(
      'typed into it; it now holds "%old% Ada"',
    );
    expect(describeDone({ did: "clicked it" }, plain, callMask(plain, redact))).toBe("clicked it");
  });
});

describe("changedSecret", () => {
  const typed = { written: ["%card%"], filled: ["4111111111111111"] };
  const holds = (value: string) => ({ did: "filled it", holds: { value, password: false } });

  it("is the field's value when a fill of one placeholder left something else there", () => {
    expect(changedSecret("fill", holds("4111 1111 1111 1111"), typed)).toEqual({
      name: "card",
      shown: "4111 1111 1111 1111",
    });
  });

  it("is nothing when the value is there as typed, for type, or without a variable", () => {
    expect(changedSecret("fill", holds("4111111111111111"), typed)).toBeUndefined();
    expect(changedSecret("type", holds("4111"), typed)).toBeUndefined();
    expect(changedSecret("fill", holds("x"), { written: ["x1"], filled: ["x1"] })).toBeUndefined();
    expect(changedSecret("fill", holds(""), typed)).toBeUndefined();
  });
});
