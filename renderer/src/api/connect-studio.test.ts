import { createStudioClient, StudioError } from "@loupe/studio/common";
import { describe, expect, it } from "vitest";
import { bridgeTransport, webSocketUrl, type BridgeOutcome, type PreloadBridge } from "./connect-studio.js";

/** A bridge like the preload's: one function per method, and a way for the test to push events. */
function fakeBridge(methods: Record<string, (params: unknown) => Promise<BridgeOutcome>>) {
  const handlers = new Set<(name: string, payload: unknown) => void>();
  const bridge: PreloadBridge = {
    methods,
    onEvent(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
  };
  return { bridge, push: (name: string, payload: unknown) => handlers.forEach((h) => h(name, payload)) };
}

describe("the Electron bridge transport", () => {
  it("calls the bridge's function for the method and hands its result to the typed client", async () => {
    const calls: unknown[] = [];
    const { bridge } = fakeBridge({
      "app.info": async (params) => {
        calls.push(params);
        return { ok: true, result: { demoUrl: "http://127.0.0.1:9/", shell: "electron", version: "1" } };
      },
    });
    const client = createStudioClient(bridgeTransport(bridge));
    await expect(client.call("app.info", {})).resolves.toEqual({
      demoUrl: "http://127.0.0.1:9/",
      shell: "electron",
      version: "1",
    });
    expect(calls).toEqual([{}]);
  });

  it("turns the service's error data, a missing method and a failed bridge call into StudioErrors", async () => {
    const { bridge } = fakeBridge({
      "app.info": async () => ({ ok: false, error: { code: "internal", message: "boom" } }),
      "settings.get": async () => Promise.reject(new Error("bridge gone")),
    });
    const client = createStudioClient(bridgeTransport(bridge));
    await expect(client.call("app.info", {})).rejects.toMatchObject({ code: "internal", message: "boom" });
    await expect(client.call("settings.get", {})).rejects.toMatchObject({ message: "bridge gone" });
    const missing = await client.call("history.list", {}).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(StudioError);
    expect((missing as StudioError).code).toBe("unknown_method");
  });

  it("delivers events that match the contract to the client's listeners", async () => {
    const { bridge, push } = fakeBridge({});
    const client = createStudioClient(bridgeTransport(bridge));
    const seen: unknown[] = [];
    client.on("session.pageClosed", (payload) => seen.push(payload));
    push("session.pageClosed", { pageId: "p1" });
    push("session.pageClosed", { wrong: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual([{ pageId: "p1" }]);
  });
});

describe("webSocketUrl", () => {
  it("carries the fragment's token to the API socket on the same origin", () => {
    expect(webSocketUrl({ host: "127.0.0.1:5000", hash: "#token=a%2Bb" })).toBe(
      "ws://127.0.0.1:5000/studio-api?token=a%2Bb",
    );
  });
});
