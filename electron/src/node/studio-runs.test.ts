/**
 * Act, fetch, history and settings through the Studio API over the in-memory transport: every run is
 * kept in the history (with the page after it for act), fetch runs the Cloud pipeline in process with the Studio's
 * own model for json, and keys never come back.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actReply, idOf } from "../../../test/support/harness.js";
import type { ModelServer } from "../../../test/support/model-server.js";
import type { PageServers } from "../../../test/support/page-server.js";
import { startServiceHarness, type ServiceHarness } from "../../../test/support/service-harness.js";
import { createInMemoryTransportPair } from "../common/in-memory-transport.js";
import { createStudioClient, type StudioClient } from "../common/studio-client.js";
import type { RunRecord } from "../common/studio-api.js";
import type { StudioMessage } from "../common/transport.js";
import type { KeyStore } from "./key-store.js";
import { createStudioServer } from "./studio-server.js";
import { StudioService } from "./studio-service.js";

const SECRET = "sk-test-never-returned";

function connect(service: StudioService): StudioClient {
  const server = createStudioServer(service.handlers);
  const pair = createInMemoryTransportPair();
  server.attach(pair.server);
  return createStudioClient(pair.client);
}

describe("act, fetch and history over the in-memory transport", () => {
  let h: ServiceHarness;
  let servers: PageServers;
  let model: ModelServer;
  let client: StudioClient;
  let added: RunRecord[];
  /** Every message a second connection (another window of the same Studio) receives. */
  let secondConnection: StudioMessage[];

  beforeAll(async () => {
    h = await startServiceHarness({ env: { OPENAI_API_KEY: SECRET } });
    ({ servers, model, client, added } = h);
    secondConnection = h.anotherWindow();
  });

  afterAll(async () => {
    await h?.close();
  });

  it("acts, shows the action with its selector, and keeps the run with a thumbnail", async () => {
    const url = `${servers.originA}/act/controls.html`;
    await client.call("session.open", { url });
    const { text } = await client.call("snapshot.get", {});
    model.enqueue(actReply(idOf(text, "button: Show details"), "click", [], "Click Show details"));

    const result = await client.call("act.run", { instruction: "show the details" });

    expect(result).toMatchObject({
      success: true,
      action: { method: "click", selector: "xpath=/html[1]/body[1]/main[1]/button[1]" },
      page: { url, active: true },
      metrics: { llmCalls: 1, inputTokens: 10, outputTokens: 5 },
    });
    expect(result.thumbnail).toMatch(/^data:image\/jpeg;base64,/);
    const run = added.at(-1);
    expect(run).toMatchObject({
      id: result.historyId,
      kind: "act",
      url,
      input: { instruction: "show the details" },
      outcome: { ok: true, output: { success: true } },
    });
    expect(run?.thumbnail).toBe(result.thumbnail);
  });

  it("keeps an act's variable names in the history, never their values, nor a picture of the page", async () => {
    const password = "tr0ub4dor&3-never-kept";
    const email = "grace.hopper@example.com";
    const url = `${servers.originA}/act/sign-in.html`;
    await client.call("session.open", { url });
    const { text } = await client.call("snapshot.get", {});
    model.enqueue(actReply(idOf(text, "textbox: Email"), "fill", ["%email%"]));
    const before = secondConnection.length;

    const result = await client.call("act.run", {
      instruction: "fill in %email%",
      variables: { email, password },
    });

    expect(result.message).toContain('it now holds "%email%"');
    expect(result.thumbnail).toBeUndefined();
    const run = added.at(-1);
    expect(run).toMatchObject({
      id: result.historyId,
      kind: "act",
      input: { instruction: "fill in %email%", variableNames: ["email", "password"] },
    });
    expect(run?.thumbnail).toBeUndefined();
    const { runs } = await client.call("history.list", {});
    // The Snapshot panel shows the page as the model reads it: the typed value masked.
    const after = await client.call("snapshot.get", {});
    expect(after.text).toContain("textbox: Email [value: %email%]");
    // Every place a value could travel: the answer, the history, the events every connection receives.
    const seen = [
      JSON.stringify(result),
      JSON.stringify(runs),
      JSON.stringify(secondConnection.slice(before)),
    ];
    expect(secondConnection.slice(before).some((m) => m.kind === "event" && m.name === "history.added")).toBe(
      true,
    );
    for (const text of seen) for (const value of [email, password]) expect(text).not.toContain(value);
  });

  it("keeps a failed act in the history too", async () => {
    model.enqueue({ status: 500, error: { message: "model down" } });
    const failure = await client.call("act.run", { instruction: "press nothing" }).catch((e: unknown) => e);
    const run = added.at(-1);
    expect(run?.kind).toBe("act");
    if (failure instanceof Error)
      expect(run?.outcome).toMatchObject({ ok: false, error: { message: failure.message } });
    else expect(run?.outcome).toMatchObject({ ok: true, output: { success: false } });
  });

  it("fetches markdown and raw through the in-process pipeline and keeps both", async () => {
    const url = `${servers.originA}/act/controls.html`;
    const markdown = await client.call("fetch.run", { url, format: "markdown" });
    expect(markdown).toMatchObject({ statusCode: 200, encoding: "utf-8" });
    // The page's headline names it (its <title> says "Act controls").
    expect(markdown.content).toMatch(/^# Act test controls\n/);
    const raw = await client.call("fetch.run", { url, format: "raw" });
    expect(raw.content).toContain("<title>Act controls</title>");
    expect(raw.contentType).toContain("text/html");
    expect(added.slice(-2).map((r) => [r.kind, r.id, r.url])).toEqual([
      ["fetch", markdown.historyId, url],
      ["fetch", raw.historyId, url],
    ]);
  });

  it("fetches json with the Studio's model, following a settings change", async () => {
    const before = model.requests.length;
    model.enqueue({ json: { heading: "Act test controls" } });
    const result = await client.call("fetch.run", {
      url: `${servers.originA}/act/controls.html`,
      format: "json",
      schema: { type: "object", properties: { heading: { type: "string" } }, required: ["heading"] },
    });
    expect(result.content).toEqual({ heading: "Act test controls" });
    expect(model.requests.length).toBe(before + 1);
  });

  it("cancels a fetch under way: the model request is aborted, the run says cancelled and is kept", async () => {
    model.enqueue({ hang: true });
    const before = model.requests.length;
    const runId = "fetch-to-cancel";
    const fetching = client.call("fetch.run", {
      url: `${servers.originA}/act/controls.html`,
      format: "json",
      schema: { type: "object", properties: { heading: { type: "string" } } },
      runId,
    });
    await expect.poll(() => model.requests.length, { timeout: 20_000 }).toBe(before + 1);
    expect(await client.call("fetch.cancel", { runId })).toEqual({ cancelled: true });
    await expect(fetching).rejects.toMatchObject({ code: "cancelled", message: "The fetch was cancelled." });
    await expect.poll(() => model.requests.at(-1)?.aborted, { timeout: 10_000 }).toBe(true);
    expect(added.at(-1)).toMatchObject({ kind: "fetch", outcome: { ok: false } });
    // The id is free again, and an unknown one cancels nothing.
    expect(await client.call("fetch.cancel", { runId })).toEqual({ cancelled: false });
  });

  it("keeps a refused fetch with its error", async () => {
    await expect(client.call("fetch.run", { url: "http://127.0.0.1:1/", format: "raw" })).rejects.toThrow();
    expect(added.at(-1)?.outcome).toMatchObject({ ok: false });
  });

  it("lists every run newest first", async () => {
    const { runs } = await client.call("history.list", {});
    expect(runs.map((r) => r.id)).toEqual([...added].reverse().map((r) => r.id));
    expect(JSON.stringify(runs)).not.toContain(SECRET);
  });

  it("answers settings without the key and refuses to store one in web mode", async () => {
    const settings = await client.call("settings.get", {});
    expect(settings).toMatchObject({ hasApiKey: true, keySource: "environment", keysPersistent: false });
    expect(JSON.stringify(settings)).not.toContain(SECRET);
    await expect(
      client.call("settings.setApiKey", { provider: "anthropic", apiKey: "sk-x" }),
    ).rejects.toMatchObject({
      code: "keys_from_environment",
      message: expect.stringContaining("set ANTHROPIC_API_KEY"),
    });
  });
});

describe("settings with a keychain-like key store", () => {
  it("stores, reports and removes a key without returning it", async () => {
    const kept: Record<string, string> = {};
    const keyStore: KeyStore = {
      persistent: true,
      get: (provider) => kept[provider],
      set: async (provider, key) => void (kept[provider] = key),
      delete: async (provider) => void delete kept[provider],
    };
    const client = connect(new StudioService({ env: {}, keyStore, settings: { model: "anthropic/claude" } }));
    expect(await client.call("settings.get", {})).toMatchObject({ hasApiKey: false, keySource: "none" });
    const stored = await client.call("settings.setApiKey", { provider: "anthropic", apiKey: "sk-kept" });
    expect(stored).toMatchObject({ hasApiKey: true, keySource: "store", keysPersistent: true });
    expect(JSON.stringify(stored)).not.toContain("sk-kept");
    expect(kept).toEqual({ anthropic: "sk-kept" });
    const removed = await client.call("settings.deleteApiKey", { provider: "anthropic" });
    expect(removed).toMatchObject({ hasApiKey: false, keySource: "none" });
    const local = await client.call("settings.set", {
      model: "ollama/llama3.2",
      baseURL: "http://127.0.0.1:11434/v1",
    });
    expect(local).toMatchObject({ keySource: "not_needed", baseURL: "http://127.0.0.1:11434/v1" });
    client.close();
  });
});
