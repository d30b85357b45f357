import { describe, expect, it } from "vitest";
import { createInMemoryTransportPair } from "./in-memory-transport.js";
import { createStudioClient } from "./studio-client.js";
import type { StudioMessage } from "./transport.js";

describe("the Studio client over the in-memory pair", () => {
  it("validates params before sending, and results and events on receipt", async () => {
    const { client: clientEnd, server } = createInMemoryTransportPair();
    const seen: StudioMessage[] = [];
    server.onMessage((message) => {
      seen.push(message);
      if (message.kind !== "request") return;
      // A service that breaks the contract: no hasApiKey.
      server.send({ kind: "response", id: message.id, ok: true, result: { model: "openai/x" } });
    });
    const client = createStudioClient(clientEnd);
    await expect(client.call("session.open", { url: "not a url" })).rejects.toMatchObject({
      code: "invalid_params",
    });
    expect(seen).toEqual([]);
    await expect(client.call("settings.get", {})).rejects.toMatchObject({ code: "invalid_result" });

    const events: unknown[] = [];
    client.on("run.progress", (payload) => events.push(payload));
    server.send({ kind: "event", name: "run.progress", payload: { runId: "r", stage: "bogus" } });
    server.send({ kind: "event", name: "run.progress", payload: { runId: "r", stage: "started" } });
    await new Promise((r) => setTimeout(r, 0));
    expect(events).toEqual([{ runId: "r", stage: "started" }]);
  });

  it("fails calls in flight when the connection closes", async () => {
    const { client: clientEnd, server } = createInMemoryTransportPair();
    const client = createStudioClient(clientEnd);
    const call = client.call("settings.get", {});
    server.close();
    await expect(call).rejects.toMatchObject({ code: "closed" });
  });

  it("fails a call made after the close at once, with the transport's reason", async () => {
    const { client: clientEnd } = createInMemoryTransportPair();
    let closeWith: ((reason?: string) => void) | undefined;
    const client = createStudioClient({
      send: (message) => clientEnd.send(message),
      onMessage: (handler) => clientEnd.onMessage(handler),
      onClose: (handler) => void (closeWith = handler),
      close: () => clientEnd.close(),
    });
    closeWith?.("The Studio refused this page's token.");
    await expect(client.call("settings.get", {})).rejects.toMatchObject({
      code: "closed",
      message: "The Studio refused this page's token.",
    });
  });
});
