import { describe, expect, it } from "vitest";
import { StudioError } from "../common/studio-error.js";
import { EnvironmentKeyStore } from "./key-store.js";

describe("the web-mode key store", () => {
  const store = new EnvironmentKeyStore({ OPENAI_API_KEY: " sk-env " });

  it("reads keys from the environment only", () => {
    expect(store.persistent).toBe(false);
    expect(store.get("openai")).toBe("sk-env");
    expect(store.get("anthropic")).toBeUndefined();
  });

  it("refuses to store a key and says which variable to set", async () => {
    const refusal = await store.set("anthropic", "sk-typed").catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(StudioError);
    expect(refusal).toMatchObject({ code: "keys_from_environment" });
    expect((refusal as Error).message).toBe(
      "In web mode keys come from environment variables: set ANTHROPIC_API_KEY or LOUPE_MODEL_API_KEY and restart the Studio.",
    );
    expect(store.get("anthropic")).toBeUndefined();
    await expect(store.delete("openai")).rejects.toMatchObject({ code: "keys_from_environment" });
  });
});
