import { DEFAULT_MODEL, MODEL_KEY_VARIABLE } from "@loupe/core/engine";
import { describe, expect, it } from "vitest";
import { modelFromEnv } from "./model-from-env.js";

describe("the Cloud's server-side model", () => {
  it("is the SDK's default model, with core's generic key variable as its key", () => {
    expect(modelFromEnv({})).toEqual({ modelName: DEFAULT_MODEL });
    expect(modelFromEnv({ LOUPE_MODEL: "togetherai/m", [MODEL_KEY_VARIABLE]: "k" })).toEqual({
      modelName: "togetherai/m",
      apiKey: "k",
    });
  });

  it("leaves the provider's own variables to core's resolution (no key of its own)", () => {
    expect(modelFromEnv({ LOUPE_MODEL: "togetherai/m", TOGETHER_API_KEY: "k" })).toEqual({
      modelName: "togetherai/m",
    });
  });
});
