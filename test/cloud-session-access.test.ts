/**
 * Who keeps access to hosted sessions, and how the key travels: revoking a key ends the sessions it
 * created and closes the connections opened with it (even when revoked by another process, as
 * `loupe cloud keys revoke` does); the server-wide session limit; session extract's per-project
 * concurrency limit; `--public-url` for a server behind a TLS-terminating proxy; and the SDK refusing to
 * send a key over `ws://` to a service it reaches over `https://`.
 */
import https from "node:https";
import type { AddressInfo } from "node:net";
import { Client, ClientError } from "@loupe/core";
import { CdpConnection } from "@loupe/core/engine";
import { Agent, getGlobalDispatcher, setGlobalDispatcher } from "undici";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  expectErrorBody,
  LOCALHOST_TLS,
  startCloudHarness,
  startTcpServer,
  type CloudHarness,
} from "./support/cloud-harness.js";
import { runLoupe } from "./support/loupe-cli.js";
import { connectSession, createSession, html, waitUntilEnded } from "./support/session-harness.js";

describe("revoking a key", () => {
  let h: CloudHarness;

  beforeAll(async () => {
    h = await startCloudHarness({ server: { revocationCheckMs: 200 }, routes: { "/": html("<h1>Hi</h1>") } });
  });
  afterAll(async () => {
    await h.close();
  });

  it("ends the sessions it created and closes the connections opened with it, and only those", async () => {
    const revokedKey = (await h.server.keys.createKey("test")).key;
    const theirs = await createSession(h, {}, revokedKey);
    const { browser } = await connectSession(theirs, revokedKey);
    const disconnected = new Promise<void>((resolve) => browser.once("disconnected", () => resolve()));

    // A session of the same project created with another key: it survives, but the revoked key's
    // connection to it is closed while the other key's stays open.
    const ours = await createSession(h);
    const connect = (key: string) =>
      CdpConnection.connect(ours.connectUrl, { headers: { authorization: `Bearer ${key}` } });
    const [revokedConnection, keptConnection] = await Promise.all([connect(revokedKey), connect(h.apiKey)]);
    try {
      // Another process revokes it, as an operator would (the CLI alone can take half a minute to start
      // on a loaded machine: hence this test's longer timeout).
      const revoke = await runLoupe(["cloud", "keys", "revoke", revokedKey, ...h.storeArgs]);
      expect({ code: revoke.code, stderr: revoke.stderr }).toMatchObject({ code: 0 });

      await waitUntilEnded(h, theirs.id);
      await disconnected;
      const state = await h.api("GET", `/v1/sessions/${theirs.id}`);
      expect(state.json).toMatchObject({ status: "ENDED", endReason: "key_revoked" });
      await vi.waitFor(() => expect(revokedConnection.closed).toBe(true), { timeout: 10_000 });

      expect(keptConnection.closed).toBe(false);
      await keptConnection.send("Browser.getVersion");
      const kept = await h.api("GET", `/v1/sessions/${ours.id}`);
      expect(kept.json).toMatchObject({ status: "RUNNING" });
      const refused = await h.api("POST", "/v1/sessions", { body: {}, apiKey: revokedKey });
      expectErrorBody(refused, 401, "unauthorized");
    } finally {
      revokedConnection.close();
      keptConnection.close();
      await h.api("DELETE", `/v1/sessions/${ours.id}`);
    }
  }, 180_000);
});

describe("limits", () => {
  it("caps sessions across projects with 429, and admits one again when another ends", async () => {
    const h = await startCloudHarness({ server: { maxSessions: 1, maxSessionsPerProject: 3 } });
    try {
      const first = await createSession(h);
      const other = (await h.server.keys.createKey("another-project")).key;
      const refused = await h.api("POST", "/v1/sessions", { body: {}, apiKey: other });
      expectErrorBody(refused, 429, "rate_limited");
      expect(refused.json?.["message"]).toMatch(
        /This server is running 1 sessions, the most it runs at once for all projects together/,
      );
      await h.api("DELETE", `/v1/sessions/${first.id}`);
      const admitted = await createSession(h, {}, other);
      await h.api("DELETE", `/v1/sessions/${admitted.id}`, { apiKey: other });
    } finally {
      await h.close();
    }
  });

  it("limits a project's session extract calls in flight like its fetches", async () => {
    const h = await startCloudHarness({
      model: true,
      server: { maxConcurrentFetches: 1 },
      routes: { "/": html("<h1>Slow answers</h1>") },
    });
    try {
      const session = await createSession(h);
      const model = h.model!;
      model.enqueue({ text: "first", delayMs: 4_000 });
      const body = { instruction: "what is it?", options: { serverCache: false } };
      const path = `/v1/sessions/${session.id}/extract`;
      const first = h.api("POST", path, { body });
      await vi.waitFor(() => expect(model.requests).toHaveLength(1), { timeout: 20_000 });
      const second = await h.api("POST", path, { body });
      expectErrorBody(second, 429, "rate_limited");
      expect(second.json?.["message"]).toMatch(/1 session extract\/act calls in flight/);
      expect((await first).status).toBe(200);
      await h.api("DELETE", `/v1/sessions/${session.id}`);
    } finally {
      await h.close();
    }
  });
});

describe("connectUrl behind a TLS-terminating proxy", () => {
  it("is built on --public-url: wss:// under an https address, with its path prefix", async () => {
    const h = await startCloudHarness({ server: { publicUrl: "https://loupe.example.com/base" } });
    try {
      const session = await createSession(h);
      expect(session.connectUrl).toBe(`wss://loupe.example.com/base/v1/sessions/${session.id}/connect`);
      const state = await h.api("GET", `/v1/sessions/${session.id}`);
      expect(state.json?.["connectUrl"]).toBe(session.connectUrl);
      await h.api("DELETE", `/v1/sessions/${session.id}`);
    } finally {
      await h.close();
    }
  });

  it("refuses a --public-url that is not an http(s) address, saying so", async () => {
    const run = await runLoupe(["cloud", "serve", "--port", "0", "--public-url", "ftp://loupe.example.com"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/--public-url: The public URL must be http or https, not "ftp:"/);
  });

  it("the SDK ends the session and sends no key when an https service hands out a ws:// connectUrl", async () => {
    // Stands for the browser side of a server that does not know it sits behind TLS.
    const websocketSide = await startTcpServer((socket) => socket.destroy());
    const calls: string[] = [];
    const service = https.createServer(LOCALHOST_TLS, (request, response) => {
      calls.push(`${request.method} ${request.url}`);
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          id: "ses_1",
          connectUrl: `ws://127.0.0.1:${websocketSide.port}/v1/sessions/ses_1/connect`,
          region: "local",
          createdAt: new Date().toISOString(),
        }),
      );
    });
    await new Promise<void>((resolve) => service.listen(0, "127.0.0.1", resolve));
    const previous = getGlobalDispatcher();
    // The SDK's fetch trusts the test certificate, as it would a real one.
    setGlobalDispatcher(new Agent({ connect: { ca: LOCALHOST_TLS.cert } }));
    try {
      const client = new Client({
        env: "CLOUD",
        apiKey: "lp_test-key-that-must-stay-encrypted",
        cloudURL: `https://127.0.0.1:${(service.address() as AddressInfo).port}`,
        disablePino: true,
      });
      const error = await client.init().then(
        () => undefined,
        (reason: unknown) => reason,
      );
      expect(error).toBeInstanceOf(ClientError);
      expect((error as Error).message).toMatch(
        /reached over https.*unencrypted connectUrl ws:\/\/.*--public-url/,
      );
      expect(websocketSide.connections).toBe(0);
      expect(calls).toEqual(["POST /v1/sessions", "DELETE /v1/sessions/ses_1"]);
    } finally {
      setGlobalDispatcher(previous);
      service.closeAllConnections();
      await new Promise((resolve) => service.close(resolve));
      await websocketSide.close();
    }
  });
});
