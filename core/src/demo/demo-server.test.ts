import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawExchange } from "../../../test/support/raw-http.js";
import { startDemoServer, type DemoServer } from "./demo-server.js";

describe("the demo shop's server", () => {
  let demo: DemoServer;
  let port: number;
  beforeAll(async () => {
    demo = await startDemoServer();
    port = Number(new URL(demo.url).port);
  });
  afterAll(async () => {
    await demo.close();
  });

  it("answers request targets new URL() cannot read, and keeps serving", async () => {
    // `GET //` used to throw out of the handler and end the process (the Studio's, which serves the demo).
    const slashes = await rawExchange(port, ["GET // HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"]);
    expect(slashes.status).toBe(200);
    const star = await rawExchange(port, ["GET * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"]);
    expect(star.status).toBe(400);
    const traversal = await rawExchange(port, ["GET /../../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n"]);
    expect(traversal.response).not.toContain("root:");
    expect((await fetch(demo.url)).status).toBe(200);
  });
});
