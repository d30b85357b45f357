import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startModelServer, type ModelServer } from "../../../test/support/model-server.js";
import { startPageServers, type PageServers } from "../../../test/support/page-server.js";
import { createInMemoryTransportPair } from "../common/in-memory-transport.js";
import { createStudioClient, type StudioClient } from "../common/studio-client.js";
import type { StudioEvent } from "../common/studio-api.js";
import { createStudioServer } from "./studio-server.js";
import { StudioService } from "./studio-service.js";

const SECRET = "sk-test-never-returned";

describe("the Studio service over the in-memory transport", () => {
  let servers: PageServers;
  let model: ModelServer;
  let service: StudioService;
  let client: StudioClient;
  const changes: StudioEvent<"session.pageChanged">[] = [];
  const progress: StudioEvent<"run.progress">[] = [];

  beforeAll(async () => {
    [servers, model] = await Promise.all([startPageServers(), startModelServer()]);
    const emitTo: { server?: ReturnType<typeof createStudioServer> } = {};
    service = new StudioService({
      env: { OPENAI_API_KEY: SECRET },
      settings: { model: "openai/gpt-4.1-mini" },
      emit: (event, payload) => emitTo.server?.emit(event, payload),
    });
    await service.start();
    const server = createStudioServer(service.handlers);
    emitTo.server = server;
    const pair = createInMemoryTransportPair();
    server.attach(pair.server);
    client = createStudioClient(pair.client);
    client.on("session.pageChanged", (payload) => changes.push(payload));
    client.on("run.progress", (payload) => progress.push(payload));
  });

  afterAll(async () => {
    client?.close();
    await service?.stop();
    await servers?.close();
    await model?.close();
  });

  it("opens a page, lists tabs and reads the snapshot", async () => {
    const url = `${servers.originA}/frames-shadow/`;
    const opened = await client.call("session.open", { url });
    expect(opened).toMatchObject({ url, title: "Frames and shadows", active: true });
    const { pages } = await client.call("session.pages", {});
    expect(pages.filter((p) => p.active)).toEqual([opened]);
    expect(changes.at(-1)).toEqual(opened);

    const snapshot = await client.call("snapshot.get", { ignoreSelectors: ["#ads"] });
    expect(snapshot.text).toContain("Loupe test shop");
    expect(snapshot.text).toContain("Red Shoe");
    expect(snapshot.text).not.toContain("Miracle Socks");
    expect(snapshot.elementCount).toBeGreaterThan(5);
  });

  it("extracts the page text with metrics and progress events", async () => {
    const run = await client.call("extract.run", { runId: "run-1", options: { selector: "#products" } });
    expect(run.runId).toBe("run-1");
    expect((run.result as { pageText: string }).pageText).toContain("Blue Hat");
    expect((run.result as { pageText: string }).pageText).not.toContain("Loupe test shop");
    expect(run.metrics).toMatchObject({ llmCalls: 0, inputTokens: 0, outputTokens: 0 });
    expect(progress.filter((p) => p.runId === "run-1").map((p) => p.stage)).toEqual(["started", "finished"]);
  });

  it("answers a bad param with invalid_params naming the field", async () => {
    const { server, client: end } = createInMemoryTransportPair();
    // Bypass the client's own check to reach the server's.
    const answer = new Promise((resolve) => end.onMessage(resolve));
    createStudioServer(service.handlers).attach(server);
    end.send({ kind: "request", id: 7, method: "session.navigate", params: { to: { url: "ftp://x" } } });
    expect(await answer).toMatchObject({
      kind: "response",
      id: 7,
      ok: false,
      error: { code: "invalid_params", issues: [{ path: ["to", "url"] }] },
    });
    await expect(client.call("extract.run", { runId: "" })).rejects.toMatchObject({ code: "invalid_params" });
  });

  it("navigates back and forward, and switches tabs", async () => {
    await client.call("session.navigate", { to: { url: `${servers.originA}/frames-shadow/same.html` } });
    const back = await client.call("session.navigate", { to: "back" });
    expect(back.url).toBe(`${servers.originA}/frames-shadow/`);
    const forward = await client.call("session.navigate", { to: "forward" });
    expect(forward.url).toBe(`${servers.originA}/frames-shadow/same.html`);
    const { pages } = await client.call("session.pages", {});
    const first = pages[0];
    if (!first) throw new Error("no first tab");
    expect((await client.call("session.activate", { pageId: first.pageId })).active).toBe(true);
    await expect(client.call("session.activate", { pageId: "page-999" })).rejects.toMatchObject({
      code: "unknown_page",
    });
  });

  it("answers from the model with metrics, and cancels a run in flight", async () => {
    await client.call("settings.set", { baseURL: model.baseURL });
    model.enqueue({ text: "Red Shoe", usage: { input: 10, output: 5 } });
    const answered = await client.call("extract.run", { runId: "ask", instruction: "the first product" });
    expect(answered.metrics).toMatchObject({ llmCalls: 1, inputTokens: 10, outputTokens: 5 });
    expect(model.requests.length).toBe(1);

    model.enqueue({ hang: true });
    const run = client.call("extract.run", { runId: "slow", instruction: "the second product" });
    while (model.requests.length < 2) await new Promise((r) => setTimeout(r, 10));
    expect(await client.call("extract.cancel", { runId: "slow" })).toEqual({ cancelled: true });
    await expect(run).rejects.toMatchObject({ code: "cancelled" });
    // Cancel stops the work itself: the model request in flight is aborted, not left to run up a bill.
    await expect.poll(() => model.requests[1]?.aborted).toBe(true);
    expect(progress.filter((p) => p.runId === "slow").map((p) => p.stage)).toEqual(["started", "cancelled"]);
    expect(await client.call("extract.cancel", { runId: "slow" })).toEqual({ cancelled: false });
    await client.call("settings.set", { baseURL: null });
  });

  it("aborts a run past its timeout with core's timeout error", async () => {
    await client.call("settings.set", { baseURL: model.baseURL });
    model.enqueue({ hang: true });
    const count = model.requests.length;
    // The timeout covers the page read too, so it is long enough for a loaded machine to reach the model
    // (the hanging answer then makes the timeout, not the model, end the run).
    await expect(
      client.call("extract.run", { runId: "late", instruction: "anything", options: { timeout: 2_000 } }),
    ).rejects.toMatchObject({ code: "extract_timeout" });
    expect(model.requests.length).toBe(count + 1);
    await expect.poll(() => model.requests.at(-1)?.aborted).toBe(true);
    expect(progress.filter((p) => p.runId === "late").map((p) => p.stage)).toEqual(["started", "failed"]);
    await client.call("settings.set", { baseURL: null });
  });

  it("fetches raw in process, through no server", async () => {
    const url = `${servers.originA}/frames-shadow/`;
    const result = await client.call("fetch.run", { url, format: "raw" });
    expect(result.statusCode).toBe(200);
    expect(result.content).toContain("Loupe test shop");
  });

  it("never returns the API key from settings", async () => {
    const got = await client.call("settings.get", {});
    expect(got).toMatchObject({ model: "openai/gpt-4.1-mini", hasApiKey: true, keySource: "environment" });
    const set = await client.call("settings.set", {
      model: "anthropic/claude-x",
      baseURL: "https://models.example/v1",
    });
    expect(set).toMatchObject({
      model: "anthropic/claude-x",
      baseURL: "https://models.example/v1",
      hasApiKey: false,
      keySource: "none",
      keyVariables: ["ANTHROPIC_API_KEY", "LOUPE_MODEL_API_KEY"],
    });
    const cleared = await client.call("settings.set", { model: "openai/gpt-4.1-mini", baseURL: null });
    expect(cleared).toMatchObject({ model: "openai/gpt-4.1-mini", hasApiKey: true });
    expect(cleared).not.toHaveProperty("baseURL");
    expect(JSON.stringify([got, set, cleared])).not.toContain(SECRET);
  });
});
