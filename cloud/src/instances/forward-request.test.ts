import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { toServiceError } from "../errors/service-error.js";
import { forwardRequest } from "./forward-request.js";

/** A stand-in for the owner instance: records what it was sent, answers with `handle`. */
async function startOwner(
  handle: (request: IncomingMessage, body: string, respond: (status: number, text: string) => void) => void,
): Promise<{ server: Server; url: string; seen: { request: IncomingMessage; body: string }[] }> {
  const seen: { request: IncomingMessage; body: string }[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      seen.push({ request, body });
      handle(request, body, (status, text) => {
        response.writeHead(status, { "content-type": "text/plain", "x-owner": "yes" });
        response.end(text);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

/** The forwarding instance: every request goes to `ownerUrl` as the API's onRequest hook sends it. */
async function startForwarder(ownerUrl: string): Promise<FastifyInstance> {
  const app = Fastify();
  app.setErrorHandler((error, _request, reply) => {
    const known = toServiceError(error);
    void reply.status(known.statusCode).send({ error: known.code, message: known.message });
  });
  app.addHook("onRequest", async (request, reply) =>
    forwardRequest(
      request,
      reply,
      { instanceId: "ins_owner", url: ownerUrl, sessionId: "ses_1" },
      "ins_self",
    ),
  );
  app.all("/*", async () => "not forwarded");
  await app.listen({ port: 0, host: "127.0.0.1" });
  return app;
}

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

describe("forwardRequest", () => {
  it("sends the method, path, body, key and the caller's Host, marked as forwarded; the answer comes back as it is", async () => {
    const owner = await startOwner((_request, body, respond) => respond(201, `got ${body}`));
    closers.push(() => new Promise((resolve) => owner.server.close(resolve)));
    const app = await startForwarder(owner.url);
    closers.push(() => app.close());
    const port = (app.server.address() as AddressInfo).port;
    const response = await fetch(`http://127.0.0.1:${port}/v1/sessions/ses_1/act?x=1`, {
      method: "POST",
      headers: { authorization: "Bearer lp_secret", "content-type": "application/json", cookie: "c=1" },
      body: '{"instruction":"click"}',
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("x-owner")).toBe("yes");
    expect(await response.text()).toBe('got {"instruction":"click"}');
    const { request } = owner.seen[0]!;
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/v1/sessions/ses_1/act?x=1");
    expect(request.headers).toMatchObject({
      authorization: "Bearer lp_secret",
      "content-type": "application/json",
      host: `127.0.0.1:${port}`,
      "x-loupe-forwarded-by": "ins_self",
      "x-loupe-forwarded-proto": "http",
    });
    // Only what the owner needs: not the caller's other headers.
    expect(request.headers["cookie"]).toBeUndefined();
  });

  it("aborts the forwarded request when the caller hangs up", async () => {
    let ownerSawClose = false;
    const owner = await startOwner((request) => {
      request.socket.once("close", () => (ownerSawClose = true));
    });
    closers.push(() => {
      owner.server.closeAllConnections();
      return new Promise((resolve) => owner.server.close(resolve));
    });
    const app = await startForwarder(owner.url);
    closers.push(() => app.close());
    const port = (app.server.address() as AddressInfo).port;
    const caller = httpRequest({
      host: "127.0.0.1",
      port,
      path: "/v1/sessions/ses_1/extract",
      method: "POST",
    });
    caller.on("error", () => undefined);
    caller.end("{}");
    await expect.poll(() => owner.seen.length).toBe(1);
    caller.destroy();
    await expect.poll(() => ownerSawClose).toBe(true);
  });

  it("answers 503 naming the instance and the session when the owner does not answer", async () => {
    const owner = await startOwner(() => undefined);
    await new Promise((resolve) => owner.server.close(resolve));
    const app = await startForwarder(owner.url);
    closers.push(() => app.close());
    const port = (app.server.address() as AddressInfo).port;
    const response = await fetch(`http://127.0.0.1:${port}/v1/sessions/ses_1`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: "target_unreachable",
      message: expect.stringMatching(
        /Session "ses_1" runs on Loupe instance ins_owner, which is not answering \(ECONNREFUSED\)/,
      ),
    });
  });
});
