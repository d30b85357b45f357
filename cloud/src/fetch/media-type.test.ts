import { describe, expect, it } from "vitest";
import { parseMediaType } from "./media-type.js";

describe("parseMediaType", () => {
  it("reads the essence and a charset, quoted or not, in any case and spacing", () => {
    expect(parseMediaType("text/html; charset=UTF-8")).toEqual({ essence: "text/html", charset: "UTF-8" });
    expect(parseMediaType('Text/HTML ;CharSet = "iso-8859-1" ')).toEqual({
      essence: "text/html",
      charset: "iso-8859-1",
    });
    expect(parseMediaType("application/json; boundary=x; charset=utf-8")).toEqual({
      essence: "application/json",
      charset: "utf-8",
    });
  });

  it("leaves out a charset that is empty or malformed, and an essence that is not type/subtype", () => {
    expect(parseMediaType("text/html; charset=")).toEqual({ essence: "text/html" });
    expect(parseMediaType('text/html; charset="a"b"')).toEqual({ essence: "text/html" });
    expect(parseMediaType("text/html; charsets=utf-8")).toEqual({ essence: "text/html" });
    expect(parseMediaType("html")).toEqual({ essence: "" });
    expect(parseMediaType(undefined)).toEqual({ essence: "" });
  });

  // The header is the remote server's. Under the earlier pattern this 3 KB one took 5 s (spaces either
  // side of an optional quote); the lint rules regexp/no-super-linear-* keep patterns linear.
  it("reads headers built to make a pattern backtrack", () => {
    const hostile = "text/html; CHARSET=" + "\t".repeat(1651) + "=" + "\t".repeat(1651) + '"=';
    expect(parseMediaType(hostile)).toEqual({ essence: "text/html" });
    expect(parseMediaType("text/html; charset=" + " ".repeat(100_000) + "utf-8")).toEqual({
      essence: "text/html",
      charset: "utf-8",
    });
  });
});
