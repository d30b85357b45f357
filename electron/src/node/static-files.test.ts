import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawExchange } from "../../../test/support/raw-http.js";
import { createStaticFiles } from "./static-files.js";

const HEADERS = { "content-security-policy": "default-src 'self'" };

describe("the renderer's static files", () => {
  let parent: string;
  let root: string;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    parent = await mkdtemp(join(tmpdir(), "loupe-static-"));
    root = join(parent, "ui");
    await mkdir(join(root, "assets"), { recursive: true });
    await writeFile(join(parent, "secret.txt"), "outside the root");
    await writeFile(join(root, ".env"), "SECRET=1");
    await writeFile(join(root, "index.html"), "<!doctype html><title>ui</title>");
    await writeFile(join(root, "assets", "app.js"), "console.log('ui');");
    await writeFile(join(root, "assets", "app.css"), "body{}");
    await writeFile(join(root, "assets", "data.bin"), "??");
    const files = createStaticFiles(root);
    server = createServer((request, response) => files(request, response, HEADERS));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(parent, { recursive: true, force: true });
  });

  const raw = (line: string, headers = "") =>
    rawExchange((server.address() as AddressInfo).port, [`${line}\r\nHost: x\r\n${headers}\r\n`]);

  it("serves index.html for / with the policy, nosniff and no caching", async () => {
    const answer = await fetch(`${base}/`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("<title>ui</title>");
    expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(answer.headers.get("content-security-policy")).toBe("default-src 'self'");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("cache-control")).toBe("no-store");
  });

  it("names each asset's type and lets it be cached for an hour", async () => {
    const script = await fetch(`${base}/assets/app.js`);
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(script.headers.get("cache-control")).toBe("max-age=3600");
    expect((await fetch(`${base}/assets/app.css`)).headers.get("content-type")).toBe(
      "text/css; charset=utf-8",
    );
    expect((await fetch(`${base}/assets/data.bin`)).headers.get("content-type")).toBe(
      "application/octet-stream",
    );
  });

  it("serves nothing outside the root, no dotfile and no directory listing", async () => {
    for (const path of [
      "/../secret.txt",
      "/%2e%2e/secret.txt",
      "/assets/..%2f..%2fsecret.txt",
      "/..%5csecret.txt",
    ]) {
      const answer = await raw(`GET ${path} HTTP/1.1`);
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.response, path).not.toContain("outside the root");
    }
    const dotfile = await raw("GET /.env HTTP/1.1");
    expect(dotfile.status).toBe(404);
    expect(dotfile.response).not.toContain("SECRET");
    for (const path of ["/assets", "/assets/"]) {
      const listing = await fetch(`${base}${path}`, { redirect: "manual" });
      expect(listing.status, path).toBe(404);
      expect(await listing.text(), path).not.toContain("app.js");
    }
  });

  it("answers 400 to broken percent-encoding and 405 to a method other than GET or HEAD", async () => {
    expect((await raw("GET /%ff%fe HTTP/1.1")).status).toBe(400);
    const post = await fetch(`${base}/index.html`, { method: "POST", body: "x" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
    const head = await fetch(`${base}/index.html`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("ignores a Range header, even a malformed one, and answers a file that vanished with 404", async () => {
    for (const range of ["bytes=5-2", "bytes=x-y", "bytes=0-1,3-4"]) {
      const answer = await fetch(`${base}/assets/app.js`, { headers: { range } });
      expect(answer.status, range).toBe(200);
      expect(await answer.text(), range).toBe("console.log('ui');");
    }
    await writeFile(join(root, "gone.js"), "x");
    await rm(join(root, "gone.js"));
    expect((await fetch(`${base}/gone.js`)).status).toBe(404);
    expect((await fetch(`${base}/`)).status).toBe(200);
  });
});
