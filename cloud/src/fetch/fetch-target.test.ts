import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchTarget } from "./fetch-target.js";
import {
  expectFetchError,
  startHttpServer,
  testPolicy,
  type LoopbackServer,
} from "./loopback-servers.test.support.js";
import type { TargetRequest } from "./target-request.js";

// A 1×1 PNG and a minimal PDF, to check binary bodies round-trip byte for byte.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

let server: LoopbackServer;

beforeAll(async () => {
  server = await startHttpServer((request, response) => {
    const path = request.url ?? "/";
    if (path === "/hello") {
      response.setHeader("content-type", "text/html; charset=utf-8");
      response.setHeader("x-multi", ["one", "two"]);
      response.setHeader("set-cookie", ["a=1; Expires=Wed, 21 Oct 2037 07:28:00 GMT", "b=2"]);
      response.end("<h1>Héllo</h1>");
    } else if (path === "/not-found") {
      response.writeHead(404, { "content-type": "text/plain" }).end("no such page");
    } else if (path === "/broken") {
      response.writeHead(500, { "content-type": "application/json" }).end('{"error":"boom"}');
    } else if (path.startsWith("/hop/")) {
      // /hop/3 → /hop/2 → /hop/1 → /hop/0 (200); relative Locations, alternating statuses.
      const left = Number(path.slice(5));
      if (left === 0) response.writeHead(200, { "content-type": "text/plain" }).end("arrived");
      else response.writeHead([301, 302, 303, 307, 308][left % 5]!, { location: `${left - 1}` }).end();
    } else if (path === "/loop") {
      response.writeHead(302, { location: "/loop" }).end("again");
    } else if (path === "/redirect-no-location") {
      response.writeHead(302).end("nowhere");
    } else if (path === "/to-file") {
      response.writeHead(302, { location: "file:///etc/passwd" }).end();
    } else if (path === "/png") {
      response.writeHead(200, { "content-type": "image/png" }).end(PNG);
    } else if (path === "/pdf") {
      response.writeHead(200, { "content-type": "application/pdf" }).end(PDF);
    } else if (path === "/pdf-untyped") {
      response.writeHead(200).end(PDF);
    } else if (path === "/gzip") {
      const body = zlib.gzipSync("<p>compressed é</p>");
      response.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" }).end(body);
    } else if (path === "/gzip-gzip-gzip") {
      const body = zlib.gzipSync(zlib.gzipSync(zlib.gzipSync("x")));
      response
        .writeHead(200, { "content-type": "text/plain", "content-encoding": "gzip, gzip, gzip" })
        .end(body);
    } else if (path === "/windows-1252-header") {
      response.writeHead(200, { "content-type": "text/html; charset=windows-1252" });
      response.end(Buffer.from([0x3c, 0x70, 0x3e, 0x80, 0x20, 0xe9, 0x3c, 0x2f, 0x70, 0x3e])); // <p>€ é</p>
    } else if (path === "/windows-1252-meta") {
      response.writeHead(200, { "content-type": "text/html" });
      response.end(
        Buffer.concat([
          Buffer.from('<html><head><meta charset="windows-1252"></head><p>'),
          Buffer.from([0x80, 0x20, 0xe9]),
        ]),
      );
    } else if (path === "/shift-jis-meta") {
      response.writeHead(200, { "content-type": "text/html" });
      const head =
        '<html><head><meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS"></head><p>';
      response.end(Buffer.concat([Buffer.from(head), Buffer.from([0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea])])); // 日本語
    } else if (path === "/bom") {
      response.writeHead(200, { "content-type": "text/html; charset=windows-1252" });
      response.end(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("<p>é€</p>")]));
    } else if (path.startsWith("/echo-request")) {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ url: request.url, headers: request.headers }));
    } else {
      response.writeHead(418).end();
    }
  });
});

afterAll(() => server.close());

function fetchPath(path: string, overrides: Partial<TargetRequest> = {}) {
  return fetchTarget(
    { url: server.url(path), allowRedirects: false, allowInsecureSsl: false, ...overrides },
    testPolicy(),
  );
}

describe("fetchTarget responses", () => {
  it("returns a 200 text page with its headers as a string map", async () => {
    const result = await fetchPath("/hello");
    expect(result).toMatchObject({
      finalUrl: server.url("/hello"),
      statusCode: 200,
      contentType: "text/html; charset=utf-8",
      encoding: "utf-8",
      content: "<h1>Héllo</h1>",
      charset: "utf-8",
      isPdf: false,
    });
    expect(result.body.toString("utf8")).toBe("<h1>Héllo</h1>");
    expect(result.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(result.headers["x-multi"]).toBe("one, two");
    expect(result.headers["set-cookie"]).toBe("a=1; Expires=Wed, 21 Oct 2037 07:28:00 GMT\nb=2");
    expect(Object.values(result.headers).every((value) => typeof value === "string")).toBe(true);
  });

  it("sends a GET with the Host, User-Agent and Accept-Encoding of a plain client, and the query", async () => {
    const result = await fetchPath("/echo-request?q=a%20b&x=1#fragment");
    const echoed = JSON.parse(result.content) as { url: string; headers: Record<string, string> };
    expect(echoed.url).toBe("/echo-request?q=a%20b&x=1");
    expect(echoed.headers.host).toBe(`127.0.0.1:${server.port}`);
    expect(echoed.headers["accept-encoding"]).toBe("gzip, deflate, br");
    expect(echoed.headers["user-agent"]).toMatch(/LoupeCloud/);
  });

  it("returns a target's 404 and 500 as results, not errors", async () => {
    expect(await fetchPath("/not-found")).toMatchObject({ statusCode: 404, content: "no such page" });
    expect(await fetchPath("/broken")).toMatchObject({
      statusCode: 500,
      contentType: "application/json",
      content: '{"error":"boom"}',
    });
  });

  it("returns a PNG as base64 that round-trips", async () => {
    const result = await fetchPath("/png");
    expect(result).toMatchObject({ contentType: "image/png", encoding: "base64", isPdf: false });
    expect(Buffer.from(result.content, "base64").equals(PNG)).toBe(true);
    expect(result.body.equals(PNG)).toBe(true);
    expect(result.charset).toBeUndefined();
  });

  it("marks a PDF, by content type or by signature", async () => {
    const typed = await fetchPath("/pdf");
    expect(typed).toMatchObject({ contentType: "application/pdf", isPdf: true, encoding: "base64" });
    expect(Buffer.from(typed.content, "base64").equals(PDF)).toBe(true);
    expect(await fetchPath("/pdf-untyped")).toMatchObject({
      contentType: "",
      isPdf: true,
      encoding: "base64",
    });
  });

  it("decompresses gzip and reports the wire headers as sent", async () => {
    const result = await fetchPath("/gzip");
    expect(result.content).toBe("<p>compressed é</p>");
    expect(result.headers["content-encoding"]).toBe("gzip");
  });

  it("refuses more content-encoding layers than the policy allows", async () => {
    const error = await expectFetchError(fetchPath("/gzip-gzip-gzip"), "response_too_large");
    expect(error.message).toMatch(/encoded 3 times/);
  });
});

describe("fetchTarget charsets", () => {
  it("decodes windows-1252 declared in the header", async () => {
    expect(await fetchPath("/windows-1252-header")).toMatchObject({
      content: "<p>€ é</p>",
      charset: "windows-1252",
    });
  });

  it("decodes windows-1252 declared only in <meta charset>", async () => {
    const result = await fetchPath("/windows-1252-meta");
    expect(result.charset).toBe("windows-1252");
    expect(result.content.endsWith("<p>€ é")).toBe(true);
  });

  it("decodes Shift_JIS declared by http-equiv", async () => {
    const result = await fetchPath("/shift-jis-meta");
    expect(result.charset).toBe("shift_jis");
    expect(result.content.endsWith("<p>日本語")).toBe(true);
  });

  it("lets a UTF-8 BOM override the header's charset", async () => {
    expect(await fetchPath("/bom")).toMatchObject({ content: "<p>é€</p>", charset: "utf-8" });
  });
});

describe("fetchTarget redirects", () => {
  it("returns a 3xx as is without allowRedirects", async () => {
    const result = await fetchPath("/hop/1");
    expect(result).toMatchObject({ statusCode: 302, finalUrl: server.url("/hop/1") });
    expect(result.headers.location).toBe("0");
  });

  it("follows a chain of relative redirects with every status (301, 302, 303, 307, 308)", async () => {
    const before = server.requests.length;
    const result = await fetchPath("/hop/5", { allowRedirects: true });
    expect(result).toMatchObject({ statusCode: 200, content: "arrived", finalUrl: server.url("/hop/0") });
    expect(server.requests.slice(before).map((line) => line.split(" ").slice(0, 2).join(" "))).toEqual([
      "GET /hop/5",
      "GET /hop/4",
      "GET /hop/3",
      "GET /hop/2",
      "GET /hop/1",
      "GET /hop/0",
    ]);
  });

  it("gives up after maxRedirects as target_unreachable", async () => {
    const before = server.requests.length;
    const promise = fetchTarget(
      { url: server.url("/loop"), allowRedirects: true, allowInsecureSsl: false },
      testPolicy({ maxRedirects: 3 }),
    );
    const error = await expectFetchError(promise, "target_unreachable");
    expect(error.message).toMatch(/redirected more than 3 times/);
    expect(server.requests.length - before).toBe(4); // the first request and three redirects
  });

  it("returns a redirect without Location as the final response", async () => {
    expect(await fetchPath("/redirect-no-location", { allowRedirects: true })).toMatchObject({
      statusCode: 302,
      content: "nowhere",
    });
  });

  it("refuses a redirect to a non-http scheme as blocked_target", async () => {
    await expectFetchError(fetchPath("/to-file", { allowRedirects: true }), "blocked_target");
  });
});

describe("fetchTarget request checks", () => {
  it.each(["ftp://127.0.0.1/", "not a url", "http://user:pw@127.0.0.1/"])(
    "refuses %s as invalid_request",
    async (url) => {
      await expectFetchError(
        fetchTarget({ url, allowRedirects: false, allowInsecureSsl: false }, testPolicy()),
        "invalid_request",
      );
    },
  );

  it("reports a closed port as target_unreachable", async () => {
    const closed = await startHttpServer(() => undefined);
    const url = closed.url("/");
    await closed.close();
    await expectFetchError(
      fetchTarget({ url, allowRedirects: false, allowInsecureSsl: false }, testPolicy()),
      "target_unreachable",
    );
  });

  it("reports an unresolvable name as target_unreachable", async () => {
    const policy = testPolicy({
      lookupHost: () => Promise.reject(Object.assign(new Error("nope"), { code: "ENOTFOUND" })),
    });
    const error = await expectFetchError(
      fetchTarget(
        { url: "http://no-such-host.invalid/", allowRedirects: false, allowInsecureSsl: false },
        policy,
      ),
      "target_unreachable",
    );
    expect(error.message).toMatch(/could not be resolved/);
  });

  it("rejects with the caller's reason when the caller aborts", async () => {
    const controller = new AbortController();
    const reason = new Error("client went away");
    controller.abort(reason);
    await expect(fetchPath("/hello", { signal: controller.signal })).rejects.toBe(reason);
  });
});
