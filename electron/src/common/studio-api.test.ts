import { describe, expect, it } from "vitest";
import { isStudioMethod, studioEvents, studioMethods, StudioError } from "./studio-api.js";

describe("the Studio API contract", () => {
  it("accepts the documented params", () => {
    expect(studioMethods["session.open"].params.parse({ url: "http://127.0.0.1:1/" })).toEqual({
      url: "http://127.0.0.1:1/",
    });
    expect(studioMethods["session.navigate"].params.parse({ to: "back" })).toEqual({ to: "back" });
    expect(
      studioMethods["extract.run"].params.parse({
        runId: "r1",
        instruction: "the title",
        schema: { kind: "json", value: { type: "object" } },
        options: {
          timeout: 1000,
          selector: "main",
          ignoreSelectors: ["#ads"],
          screenshot: false,
          model: "openai/x",
        },
      }).options?.timeout,
    ).toBe(1000);
    expect(
      studioMethods["fetch.run"].params.parse({ url: "https://example.com", format: "raw", proxies: false })
        .format,
    ).toBe("raw");
  });

  it("rejects bad params and names the field", () => {
    const navigate = studioMethods["session.navigate"].params.safeParse({ to: "sideways" });
    expect(navigate.success).toBe(false);
    const open = studioMethods["session.open"].params.safeParse({ url: "file:///etc/passwd" });
    expect(open.error?.issues[0]?.path).toEqual(["url"]);
    const timeout = studioMethods["extract.run"].params.safeParse({ runId: "r", options: { timeout: -1 } });
    expect(timeout.error?.issues[0]?.path).toEqual(["options", "timeout"]);
  });

  it("has no apiKey anywhere in fetch params or settings", () => {
    expect(
      studioMethods["fetch.run"].params.safeParse({ url: "https://example.com", apiKey: "k" }).success,
    ).toBe(false);
    expect(studioMethods["settings.set"].params.safeParse({ apiKey: "k" }).success).toBe(false);
    const settings = {
      model: "openai/x",
      provider: "openai",
      hasApiKey: true,
      keySource: "environment",
      keyVariables: ["OPENAI_API_KEY", "LOUPE_MODEL_API_KEY"],
      keysPersistent: false,
      defaultModel: "openai/gpt-4.1-mini",
      providers: [{ name: "openai", keyVariables: ["OPENAI_API_KEY"] }],
      presets: [{ label: "LM Studio", model: "openai/local-model", baseURL: "http://127.0.0.1:1234/v1" }],
    };
    // A key that slipped into a result is stripped by the contract before it crosses a transport.
    const parsed = studioMethods["settings.get"].result.parse({ ...settings, apiKey: "secret" });
    expect(parsed).toEqual(settings);
  });

  it("checks event payloads", () => {
    expect(studioEvents["run.progress"].safeParse({ runId: "r", stage: "started" }).success).toBe(true);
    expect(studioEvents["run.progress"].safeParse({ runId: "r", stage: "paused" }).success).toBe(false);
    expect(
      studioEvents["session.pageChanged"].safeParse({
        pageId: "page-1",
        url: "about:blank",
        title: "",
        active: true,
      }).success,
    ).toBe(true);
  });

  it("knows its method names and carries errors as data", () => {
    expect(isStudioMethod("extract.run")).toBe(true);
    expect(isStudioMethod("toString")).toBe(false);
    const error = new StudioError("invalid_params", "bad", [{ path: ["url"], message: "x" }]);
    expect(StudioError.fromData(error.toData())).toMatchObject({
      code: "invalid_params",
      issues: [{ path: ["url"] }],
    });
  });
});
