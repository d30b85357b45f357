import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CLOUD_ROUTES } from "./cloud-routes.js";
import { fetchBodySchema } from "./fetch-messages.js";
import { checkMessage } from "./issue-text.js";
import { cloudOpenApiDocument } from "./openapi-document.js";

describe("the fetch body", () => {
  const problems = (body: unknown) => {
    const checked = checkMessage(fetchBodySchema, body);
    return checked.ok ? undefined : checked.problems;
  };

  it("names an unknown field with the body's own fields, and never the SDK's apiKey or baseURL", () => {
    const message = problems({ url: "https://example.com/", follow: true });
    expect(message).toBe(
      'unknown field "follow" (the fields are: url, format, schema, proxies, allowRedirects, allowInsecureSsl, metadata)',
    );
    expect(message).not.toMatch(/apiKey|baseURL/);
  });

  it("says what is wrong with each field", () => {
    expect(problems({ url: "ftp://example.com/x" })).toBe(
      'url: must be an absolute http or https URL, not "ftp://example.com/x"',
    );
    expect(problems({})).toBe("url: is required: the http or https URL to fetch");
    expect(problems({ url: "https://e.com/", format: "html" })).toBe(
      'format: must be one of raw, json, markdown, not "html"',
    );
    expect(problems({ url: "https://e.com/", format: "json" })).toMatch(
      /^schema: is required with format "json"/,
    );
    expect(problems({ url: "https://e.com/", schema: {} })).toMatch(/^schema: goes with format "json" only/);
    expect(problems({ url: "https://e.com/", proxies: "yes" })).toBe(
      'proxies: must be true or false, not "yes"',
    );
    expect(problems({ url: "https://e.com/", format: "json", schema: [] })).toBe(
      "schema: must be a JSON Schema object",
    );
    expect(problems({ url: "https://e.com/", format: "json", schema: { type: "object" } })).toBeUndefined();
  });
});

describe("the OpenAPI document", () => {
  const document = cloudOpenApiDocument("1.2.3") as {
    openapi: string;
    info: { version: string };
    paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
  };

  it("has every route of the contract, with its body and answer as JSON Schema", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.version).toBe("1.2.3");
    for (const route of Object.values(CLOUD_ROUTES)) {
      const operation = document.paths[route.path.replace(/:(\w+)/g, "{$1}")]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.path}`).toBeDefined();
      expect(operation!.responses["200"]).toBeDefined();
      expect(operation!.requestBody !== undefined).toBe("body" in route);
    }
  });

  it("describes the fetch body exactly as the server checks it", () => {
    const fetch = document.paths["/v1/fetch"]!["post"]!;
    expect(fetch.requestBody).toEqual({
      required: true,
      content: {
        "application/json": {
          schema: (({ $schema: _, ...rest }) => rest)(z.toJSONSchema(fetchBodySchema, { io: "input" })),
        },
      },
    });
    const schema = (
      fetch.requestBody as { content: { "application/json": { schema: Record<string, unknown> } } }
    ).content["application/json"].schema;
    expect(schema["additionalProperties"]).toBe(false);
    expect(Object.keys(schema["properties"] as object)).toEqual([
      "url",
      "format",
      "schema",
      "proxies",
      "allowRedirects",
      "allowInsecureSsl",
      "metadata",
    ]);
    expect(schema["required"]).toEqual(["url"]);
  });
});
