import { describe, expect, it } from "vitest";
import { SchemaValidationError } from "../errors.js";
import { maskError, maskValue, SecretRedactor } from "./secret-redactor.js";

describe("SecretRedactor", () => {
  it("masks each value by its placeholder, the collapsed-space form too, longest values first", () => {
    const secrets = new SecretRedactor();
    secrets.remember({ pw: "hunter2", long: "hunter2-and-more", token: "a  b  c" });
    expect(secrets.redact("pw hunter2, long hunter2-and-more, token a b c / a  b  c")).toBe(
      "pw %pw%, long %long%, token %token% / %token%",
    );
    expect(secrets.shows("x hunter2 y")).toBe(true);
    expect(secrets.shows("nothing here")).toBe(false);
  });

  it("skips values too short to mask without masking ordinary text", () => {
    const secrets = new SecretRedactor();
    secrets.remember({ pin: "42", empty: "" });
    expect(secrets.size).toBe(0);
    expect(secrets.redact("page 42")).toBe("page 42");
  });

  it("keeps at most maxValues values, and remembers nothing of a call that would pass the limit", () => {
    const secrets = new SecretRedactor({ maxValues: 2 });
    secrets.remember({ a: "first", b: "second" });
    secrets.remember({ a: "first" }); // already kept: no new value
    expect(() => secrets.remember({ c: "third", d: "fourth" })).toThrow(/at most 2 are kept/);
    expect(secrets.size).toBe(2);
    expect(secrets.redact("third")).toBe("third");
  });
});

describe("maskValue", () => {
  it("masks every string of plain data, keys included, and leaves other values alone", () => {
    const mask = (text: string) => text.replaceAll("s3cret", "%pw%");
    const date = new Date(0);
    expect(maskValue({ a: ["x s3cret", 1, null, { s3cret: "s3cret" }], b: true, date }, mask)).toEqual({
      a: ["x %pw%", 1, null, { "%pw%": "%pw%" }],
      b: true,
      date,
    });
  });
});

describe("maskError", () => {
  it("masks the message, the stack, the data fields and the cause of an error", () => {
    const mask = (text: string) => text.replaceAll("s3cret", "%pw%");
    const cause = new Error("cause s3cret");
    const error = new SchemaValidationError([{ path: ["a"], message: "not s3cret" }], { a: "s3cret" });
    Object.defineProperty(error, "cause", { value: cause, configurable: true });
    error.message += " s3cret";
    const masked = maskError(error, mask) as SchemaValidationError;
    expect(masked).toBe(error);
    expect(JSON.stringify({ ...masked, message: masked.message, stack: masked.stack })).not.toContain(
      "s3cret",
    );
    expect(masked.received).toEqual({ a: "%pw%" });
    expect(masked.issues[0]?.message).toBe("not %pw%");
    expect(cause.message).toBe("cause %pw%");
    expect(cause.stack).not.toContain("s3cret");
  });

  it("leaves what is not an error as it is", () => {
    expect(maskError("s3cret", (t) => t.replaceAll("s3cret", "x"))).toBe("s3cret");
  });
});
