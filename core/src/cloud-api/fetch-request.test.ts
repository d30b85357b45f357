import { describe, expect, it } from "vitest";
import { FetchValidationError } from "../errors.js";
import { validateFetchRequest } from "./fetch-request.js";

const request = (schema: Record<string, unknown>) => ({
  apiKey: "k",
  url: "https://example.com/",
  format: "json",
  schema,
});

describe("validateFetchRequest: the schema limits", () => {
  it("refuses a schema past a limit with FetchValidationError naming the limit and the schema's figure", () => {
    const schema = {
      type: "object",
      properties: Object.fromEntries(Array.from({ length: 4_000 }, (_, i) => [`p${i}`, { type: "string" }])),
    };
    expect(() => validateFetchRequest(request(schema))).toThrow(FetchValidationError);
    expect(() => validateFetchRequest(request(schema))).toThrow(
      "The schema has 4,000 properties; the limit is 1,000.",
    );
  });

  it("refuses a pattern the service's linear-time engine cannot run", () => {
    expect(() =>
      validateFetchRequest(
        request({ type: "object", properties: { a: { type: "string", pattern: "(a)\\1" } } }),
      ),
    ).toThrow(/pattern at \/properties\/a\/pattern .* uses a backreference/);
  });

  it("lets an ordinary schema through", () => {
    expect(() =>
      validateFetchRequest(request({ type: "object", properties: { a: { type: "string" } } })),
    ).not.toThrow();
  });
});

describe("validateFetchRequest: metadata", () => {
  const base = { apiKey: "k", url: "https://example.com/" };

  it("takes metadata with markdown and json", () => {
    expect(() => validateFetchRequest({ ...base, format: "markdown", metadata: true })).not.toThrow();
    expect(() =>
      validateFetchRequest({ ...base, format: "json", schema: { type: "object" }, metadata: true }),
    ).not.toThrow();
    expect(() => validateFetchRequest({ ...base, metadata: false })).not.toThrow();
  });

  it("refuses metadata with raw content, and a value that is not a boolean", () => {
    expect(() => validateFetchRequest({ ...base, metadata: true })).toThrow(
      'metadata: goes with format "markdown" or "json"',
    );
    expect(() => validateFetchRequest({ ...base, format: "markdown", metadata: "yes" })).toThrow(
      'metadata: must be true or false, not "yes"',
    );
  });
});
