/**
 * Act's controls through the Studio API over the in-memory transport: Cancel and the timeout abort the
 * model request in flight and leave the page as it was (no action after them), and the element acted on
 * is highlighted while it is still on the page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actReply, idOf } from "../../../test/support/harness.js";
import { startModelServer, type ModelServer } from "../../../test/support/model-server.js";
import { startPageServers, type PageServers } from "../../../test/support/page-server.js";
import { createInMemoryTransportPair } from "../common/in-memory-transport.js";
import { createStudioClient, type StudioClient } from "../common/studio-client.js";
import type { RunRecord } from "../common/studio-api.js";
import { createStudioServer } from "./studio-server.js";
import { StudioService } from "./studio-service.js";

const LINK_PAGE = `<!doctype html><title>Links</title><a href="/act/controls.html">Go to the controls</a>`;

describe("act's Cancel, timeout and highlight", () => {
  let servers: PageServers;
  let model: ModelServer;
  let service: StudioService;
  let client: StudioClient;
  const added: RunRecord[] = [];
  const controls = () => `${servers.originA}/act/controls.html`;

  beforeAll(async () => {
    [servers, model] = await Promise.all([startPageServers(), startModelServer()]);
    servers.route("/links.html", () => LINK_PAGE);
    const emitTo: { server?: ReturnType<typeof createStudioServer> } = {};
    service = new StudioService({
      env: { OPENAI_API_KEY: "test-key" },
      settings: { model: "openai/x", baseURL: model.baseURL },
      emit: (event, payload) => emitTo.server?.emit(event, payload),
    });
    await service.start();
    emitTo.server = createStudioServer(service.handlers);
    const pair = createInMemoryTransportPair();
    emitTo.server.attach(pair.server);
    client = createStudioClient(pair.client);
    client.on("history.added", (run) => added.push(run));
  });

  afterAll(async () => {
    client?.close();
    await service?.stop();
    await servers?.close();
    await model?.close();
  });

  /** Whether the controls page shows its details (what clicking "Show details" does). */
  const detailsShown = async () =>
    (await client.call("snapshot.get", {})).text.includes("ships within 2 days");

  it("cancels a run mid model call: the request is aborted and no action is performed", async () => {
    await client.call("session.navigate", { to: { url: controls() } });
    model.enqueue({ hang: true });
    const count = model.requests.length;
    const run = client.call("act.run", { runId: "act-1", instruction: "show the details" });
    await expect.poll(() => model.requests.length, { timeout: 30_000 }).toBe(count + 1);

    expect(await client.call("act.cancel", { runId: "act-1" })).toEqual({ cancelled: true });
    await expect(run).rejects.toMatchObject({
      code: "cancelled",
      message: "The act was cancelled before any action was performed.",
    });
    await expect.poll(() => model.requests.at(-1)?.aborted).toBe(true);
    expect(model.requests.length).toBe(count + 1); // no second attempt after the cancel
    expect(await detailsShown()).toBe(false);
    expect(added.at(-1)).toMatchObject({ kind: "act", outcome: { ok: false, error: { code: "cancelled" } } });
    expect(await client.call("act.cancel", { runId: "act-1" })).toEqual({ cancelled: false });
  });

  it("stops a run past its timeout, saying so in act's words, and keeps the timeout for a rerun", async () => {
    model.enqueue({ hang: true });
    const count = model.requests.length;
    // Long enough for a loaded machine to reach the model, so the hanging answer makes the timeout end it.
    await expect(
      client.call("act.run", { instruction: "show the details", options: { timeout: 3_000 } }),
    ).rejects.toMatchObject({
      code: "act_timeout",
      message:
        "The act did not finish within its timeout of 3000 ms, so it was stopped before any action was " +
        "performed. Raise the timeout or use a faster model.",
    });
    expect(model.requests.length).toBe(count + 1);
    await expect.poll(() => model.requests.at(-1)?.aborted).toBe(true);
    expect(await detailsShown()).toBe(false);
    expect(added.at(-1)).toMatchObject({
      input: { instruction: "show the details", options: { timeout: 3000 } },
      outcome: { ok: false, error: { code: "act_timeout" } },
    });
  });

  it("highlights the element acted on while it is on the page, and not after the tab navigated", async () => {
    const { text } = await client.call("snapshot.get", {});
    model.enqueue(actReply(idOf(text, "button: Show details"), "click"));
    const done = await client.call("act.run", { runId: "act-2", instruction: "show the details" });
    expect(done).toMatchObject({ success: true, highlighted: true });
    expect(await detailsShown()).toBe(true);

    await client.call("session.navigate", { to: { url: `${servers.originA}/links.html` } });
    const links = await client.call("snapshot.get", {});
    model.enqueue(actReply(idOf(links.text, "link: Go to the controls"), "click"));
    const away = await client.call("act.run", { instruction: "go to the controls" });
    expect(away).toMatchObject({ success: true, highlighted: false, page: { url: controls() } });
  });
});
