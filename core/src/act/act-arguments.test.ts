import { describe, expect, it } from "vitest";
import { ClientError } from "../errors.js";
import { fillVariables, parseActArguments } from "./act-arguments.js";

describe("parseActArguments", () => {
  it("trims the instruction and takes no options as none", () => {
    expect(parseActArguments("  click Buy  ", undefined)).toEqual({ instruction: "click Buy", options: {} });
    const options = { timeout: 500, variables: { password: "s3cret" } };
    expect(parseActArguments("type %password%", options)).toEqual({
      instruction: "type %password%",
      options,
    });
  });

  it.each([
    [42, undefined, /act\(\) needs an instruction/],
    ["   ", undefined, /act\(\) needs an instruction/],
    ["x", "fast", /options must be an object/],
    ["x", [1], /options must be an object/],
    ["x", { timout: 1, page: {} }, /Unknown act\(\) option "timout"\. The options are: model, timeout/],
    ["x", { timeout: 0 }, /timeout must be a positive number/],
    ["x", { timeout: Infinity }, /timeout must be a positive number/],
    ["x", { page: "tab 1" }, /page must be a Playwright, Puppeteer or Patchright page/],
    ["x", { variables: ["a"] }, /variables must be an object of names to strings/],
    ["x", { variables: { "two words": "v" } }, /"two words" cannot be a %placeholder%/],
    ["x", { variables: { pin: 1234 } }, /The variable "pin" must be a string/],
  ])("refuses %j with %j, saying what to change", (instruction, options, message) => {
    expect(() => parseActArguments(instruction, options)).toThrow(ClientError);
    expect(() => parseActArguments(instruction, options)).toThrow(message);
  });
});

describe("fillVariables", () => {
  it("fills known placeholders and leaves unknown ones as written", () => {
    expect(fillVariables("%user% / %password% / %other%", { user: "ann", password: "p%w" })).toBe(
      "ann / p%w / %other%",
    );
  });

  it("inserts values literally (no $-patterns) and ignores inherited names", () => {
    expect(fillVariables("%a%", { a: "$&$1" })).toBe("$&$1");
    expect(fillVariables("%toString%", {})).toBe("%toString%");
    expect(fillVariables("%a%", undefined)).toBe("%a%");
  });
});
