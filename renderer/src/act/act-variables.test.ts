import { describe, expect, it } from "vitest";
import { isVariableName, placeholderNames, valuesFor, variablesOf } from "./act-variables.js";

describe("act variables in the UI", () => {
  it("finds each placeholder name once, dashes included", () => {
    expect(placeholderNames("log in as %user-name% with %pw%, then %pw% again; 100% sure")).toEqual([
      "user-name",
      "pw",
    ]);
    expect(isVariableName("pw")).toBe(true);
    expect(isVariableName('x" + y')).toBe(false);
  });

  it("turns named rows into act's variables", () => {
    expect(
      variablesOf([
        { name: " pw ", value: "s" },
        { name: "", value: "lost" },
      ]),
    ).toEqual({ pw: "s" });
    expect(variablesOf([{ name: " ", value: "x" }])).toBeUndefined();
  });

  it("gives a rerun the values it needs, or the names that have no row (an empty value is a value)", () => {
    const rows = [
      { name: "pw", value: "" },
      { name: "user", value: "ada" },
    ];
    expect(valuesFor(["user", "pw"], rows)).toEqual({ variables: { user: "ada", pw: "" } });
    expect(valuesFor(["user", "card"], rows)).toEqual({ missing: ["card"] });
  });
});
