import { describe, expect, it } from "vitest";
import { planDecoding } from "./content-encoding.js";

describe("planDecoding", () => {
  it("has nothing to undo without the header, or with identity", () => {
    expect(planDecoding(undefined, 2)).toEqual({ kind: "decode", layers: [] });
    expect(planDecoding("identity", 2)).toEqual({ kind: "decode", layers: [] });
  });

  it("undoes codings last-applied first, any case, x-gzip as gzip", () => {
    expect(planDecoding("GZIP", 2)).toEqual({ kind: "decode", layers: ["gzip"] });
    expect(planDecoding("x-gzip", 2)).toEqual({ kind: "decode", layers: ["gzip"] });
    expect(planDecoding("deflate, br", 2)).toEqual({ kind: "decode", layers: ["br", "deflate"] });
  });

  it("passes through a coding it cannot undo", () => {
    expect(planDecoding("zstd", 2)).toEqual({ kind: "passthrough", coding: "zstd" });
    expect(planDecoding("compress, gzip", 2)).toEqual({ kind: "passthrough", coding: "compress" });
  });

  it("refuses more layers than allowed as response_too_large", () => {
    expect(() => planDecoding("gzip, gzip, gzip", 2)).toThrow(
      expect.objectContaining({ code: "response_too_large", message: expect.stringMatching(/3 times/) }),
    );
    expect(planDecoding("gzip, identity, gzip", 2)).toEqual({ kind: "decode", layers: ["gzip", "gzip"] });
  });
});
