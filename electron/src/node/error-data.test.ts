import { ExtractTimeoutError, SchemaValidationError, ClientError } from "@loupe/core";
import { describe, expect, it } from "vitest";
import { StudioError } from "../common/studio-error.js";
import { codeOfClass, toErrorData } from "./error-data.js";

describe("errors as data", () => {
  it("takes the code from the class name", () => {
    expect(codeOfClass("ExtractTimeoutError")).toBe("extract_timeout");
    expect(codeOfClass("LLMResponseError")).toBe("llm_response");
    expect(toErrorData(new ClientError("x")).code).toBe("client");
    expect(toErrorData(new ExtractTimeoutError("extract", 5))).toMatchObject({ code: "extract_timeout" });
  });

  it("keeps schema issues, studio errors, and hides nothing else's class", () => {
    const data = toErrorData(
      new SchemaValidationError([{ path: ["price"], message: "expected number" }], {}),
    );
    expect(data).toMatchObject({
      code: "schema_validation",
      issues: [{ path: ["price"], message: "expected number" }],
    });
    expect(toErrorData(new StudioError("cancelled", "c"))).toEqual({ code: "cancelled", message: "c" });
    expect(toErrorData(new TypeError("boom"))).toEqual({ code: "internal", message: "boom" });
  });
});
