/**
 * Loupe Cloud end to end, formats: a real server, real loopback targets, calls through `cloud.fetch()`.
 * raw and markdown, statuses, redirects, binary bodies and legacy charsets (json: cloud-format-json.test.ts).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectFetchError, startCloudHarness, type CloudHarness } from "./support/cloud-harness.js";
import {
  LIGHTHOUSE_ARTICLE_HTML as ARTICLE_HTML,
  LIGHTHOUSE_SCHEMA as SCHEMA,
} from "./support/lighthouse-article.js";

let h: CloudHarness;

beforeAll(async () => {
  h = await startCloudHarness({ model: true });
});

afterAll(async () => {
  await h.close();
});

beforeEach(() => {
  h.model?.reset();
});

// 1x1 transparent PNG.
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c6360000002000100e221bc330000000049454e44ae426082",
  "hex",
);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

describe("format raw", () => {
  it("returns a UTF-8 text body with its content type, headers map and status", async () => {
    h.target.route("/hello.txt", (_req, res) => {
      res.writeHead(200, { "content-type": "text/plain; charset=utf-8", "x-custom": "yes" });
      res.end("héllo wörld ✓\nsecond line\n");
    });
    const result = await h.fetch({ url: h.target.url("/hello.txt") });
    expect(result).toMatchObject({
      id: expect.stringMatching(/^ftc_/),
      content: "héllo wörld ✓\nsecond line\n",
      contentType: "text/plain; charset=utf-8",
      encoding: "utf-8",
      statusCode: 200,
    });
    expect(result.headers).toMatchObject({ "content-type": "text/plain; charset=utf-8", "x-custom": "yes" });
    expect(Object.values(result.headers).every((value) => typeof value === "string")).toBe(true);
  });

  it("is the default format, and returns HTML untouched", async () => {
    h.target.route("/article", (_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(ARTICLE_HTML);
    });
    const result = await h.fetch({ url: h.target.url("/article") });
    expect(result.content).toBe(ARTICLE_HTML);
    expect(result.encoding).toBe("utf-8");
  });

  it("reports a target's 404 and 500 as statusCode, with their bodies, not as errors", async () => {
    h.target.route("/gone", (_req, res) =>
      res.writeHead(404, { "content-type": "text/plain" }).end("not here"),
    );
    h.target.route("/broken", (_req, res) =>
      res.writeHead(500, { "content-type": "text/plain" }).end("server exploded"),
    );
    expect(await h.fetch({ url: h.target.url("/gone") })).toMatchObject({
      statusCode: 404,
      content: "not here",
    });
    expect(await h.fetch({ url: h.target.url("/broken") })).toMatchObject({
      statusCode: 500,
      content: "server exploded",
    });
  });
});

describe("redirects", () => {
  beforeAll(() => {
    h.target.route("/old", (_req, res) => res.writeHead(302, { location: "/new?from=old" }).end("moved"));
    h.target.route("/new", (req, res) =>
      res.writeHead(200, { "content-type": "text/plain" }).end(`new page (${req.url})`),
    );
  });

  it("without allowRedirects reports the 3xx with its location header, and does not follow it", async () => {
    const before = h.target.hits("/new");
    const result = await h.fetch({ url: h.target.url("/old") });
    expect(result.statusCode).toBe(302);
    expect(result.headers["location"]).toBe("/new?from=old");
    expect(h.target.hits("/new")).toBe(before);
  });

  it("with allowRedirects returns the final content", async () => {
    const result = await h.fetch({ url: h.target.url("/old"), allowRedirects: true });
    expect(result).toMatchObject({ statusCode: 200, content: "new page (/new?from=old)" });
    expect(result.headers["location"]).toBeUndefined();
  });
});

describe("binary bodies", () => {
  beforeAll(() => {
    h.target.route("/pixel.png", (_req, res) => res.writeHead(200, { "content-type": "image/png" }).end(PNG));
    h.target.route("/paper.pdf", (_req, res) =>
      res.writeHead(200, { "content-type": "application/pdf" }).end(PDF),
    );
  });

  it("returns a PNG as base64 that round-trips to the same bytes", async () => {
    const result = await h.fetch({ url: h.target.url("/pixel.png") });
    expect(result).toMatchObject({ encoding: "base64", contentType: "image/png", statusCode: 200 });
    expect(Buffer.from(result.content as string, "base64").equals(PNG)).toBe(true);
  });

  it("returns a PDF as raw base64", async () => {
    const result = await h.fetch({ url: h.target.url("/paper.pdf"), format: "raw" });
    expect(result).toMatchObject({ encoding: "base64", contentType: "application/pdf" });
    expect(Buffer.from(result.content as string, "base64").equals(PDF)).toBe(true);
  });

  it("refuses a PDF as markdown or json with unsupported_conversion (415), without a model call", async () => {
    const markdown = await expectFetchError(
      h.fetch({ url: h.target.url("/paper.pdf"), format: "markdown" }),
      "unsupported_conversion",
      415,
    );
    expect(markdown.message).toMatch(/PDF/);
    await expectFetchError(
      h.fetch({ url: h.target.url("/paper.pdf"), format: "json", schema: SCHEMA }),
      "unsupported_conversion",
      415,
    );
    expect(h.model?.requests).toHaveLength(0);
  });

  it("refuses other binary bodies as markdown with unsupported_conversion", async () => {
    await expectFetchError(
      h.fetch({ url: h.target.url("/pixel.png"), format: "markdown" }),
      "unsupported_conversion",
      415,
    );
  });
});

describe("legacy charsets", () => {
  // "Prix : 5 € — café" in windows-1252: € is 0x80 (a C1 control in Latin-1), é is 0xE9.
  const WINDOWS_1252 = Buffer.concat([
    Buffer.from('<!doctype html><html><head><meta charset="windows-1252"><title>Menu</title></head><body>'),
    Buffer.from("<main><h1>Menu du jour</h1><p>Prix : 5 "),
    Buffer.from([0x80]),
    Buffer.from(" pour un caf"),
    Buffer.from([0xe9]),
    Buffer.from(" et un croissant, servis chaque matin au comptoir de la gare.</p></main></body></html>"),
  ]);
  // 日本語 in Shift_JIS, declared in the header only.
  const SHIFT_JIS = Buffer.concat([
    Buffer.from("<!doctype html><html><head><title>Lang</title></head><body><main><h1>Language</h1><p>"),
    Buffer.from([0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea]),
    Buffer.from(
      " is the language of this paragraph, which is long enough to count as content.</p></main></body></html>",
    ),
  ]);

  beforeAll(() => {
    h.target.route("/cp1252", (_req, res) =>
      res.writeHead(200, { "content-type": "text/html" }).end(WINDOWS_1252),
    );
    h.target.route("/sjis", (_req, res) =>
      res.writeHead(200, { "content-type": "text/html; charset=Shift_JIS" }).end(SHIFT_JIS),
    );
  });

  it("decodes windows-1252 (declared in <meta>) in raw", async () => {
    const result = await h.fetch({ url: h.target.url("/cp1252") });
    expect(result.encoding).toBe("utf-8");
    expect(result.content).toContain("Prix : 5 € pour un café");
  });

  it("decodes Shift_JIS (declared in the header) in raw", async () => {
    const result = await h.fetch({ url: h.target.url("/sjis") });
    expect(result.content).toContain("日本語 is the language");
  });

  it("keeps the decoded text in markdown", async () => {
    const cp1252 = await h.fetch({ url: h.target.url("/cp1252"), format: "markdown" });
    expect(cp1252.content).toContain("Prix : 5 € pour un café");
    const sjis = await h.fetch({ url: h.target.url("/sjis"), format: "markdown" });
    expect(sjis.content).toContain("日本語 is the language");
  });
});

describe("format markdown", () => {
  it("turns an HTML page into clean markdown: headings, list, table, absolute links, no boilerplate", async () => {
    h.target.route("/article", (_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(ARTICLE_HTML);
    });
    const result = await h.fetch({ url: h.target.url("/article"), format: "markdown" });
    expect(result).toMatchObject({
      encoding: "utf-8",
      statusCode: 200,
      contentType: "text/html; charset=utf-8",
    });
    const markdown = result.content as string;
    expect(typeof markdown).toBe("string");
    expect(markdown).toMatch(/^# Lighthouse Guide$/m);
    expect(markdown).toMatch(/^## Famous lighthouses$/m);
    expect(markdown).toMatch(/^[-*+] +Eddystone$/m);
    expect(markdown).toMatch(/^[-*+] +Pharos of Alexandria$/m);
    expect(markdown).toMatch(/^\| *Name *\| *Height *\|$/m);
    expect(markdown).toMatch(/^\| *Bell Rock *\| *35 m *\|$/m);
    expect(markdown).toContain(`[keepers' handbook](${h.target.url("/docs/keepers")})`);
    expect(markdown).not.toContain("About the society");
    expect(markdown).not.toContain("Gift shop");
    expect(markdown).not.toContain("Copyright 2024");
    expect(markdown).not.toMatch(/<\/?(p|div|table|nav|footer)\b/);
  });

  it("puts the page's <title> on top as a heading, and does not repeat it when the page has it as <h1>", async () => {
    h.target.route("/titled", (_req, res) =>
      res
        .writeHead(200, { "content-type": "text/html" })
        .end(
          "<html><head><title>Harbour Notices</title></head><body><p>The quay is closed on Sunday.</p></body></html>",
        ),
    );
    const titled = await h.fetch({ url: h.target.url("/titled"), format: "markdown" });
    expect((titled.content as string).trim().split("\n")[0]).toBe("# Harbour Notices");
    expect(titled.content).toContain("The quay is closed on Sunday.");

    h.target.route("/article", (_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(ARTICLE_HTML);
    });
    const article = await h.fetch({ url: h.target.url("/article"), format: "markdown" });
    expect((article.content as string).match(/^# Lighthouse Guide$/gm)).toHaveLength(1);
  });

  it("resolves links against the URL after redirects", async () => {
    h.target.route("/moved-article", (_req, res) =>
      res.writeHead(301, { location: "/guides/article" }).end(),
    );
    h.target.route("/guides/article", (_req, res) =>
      res
        .writeHead(200, { "content-type": "text/html" })
        .end(
          "<html><head><title>Guide</title></head><body><main><p>Read the <a href='keepers'>keepers' notes</a> " +
            "before you climb the tower; they explain the lamp, the lens and the clockwork in detail.</p></main></body></html>",
        ),
    );
    const result = await h.fetch({
      url: h.target.url("/moved-article"),
      format: "markdown",
      allowRedirects: true,
    });
    expect(result.content).toContain(`[keepers' notes](${h.target.url("/guides/keepers")})`);
  });

  it("keeps converting when another server in the same process stops", async () => {
    // Conversion workers are shared by the servers of a process: stopping one must not stop them under another.
    // 1.1 MB: still converting 50 ms after it is sent, and well inside the 10 s limit on a loaded machine.
    const big =
      "<html><head><title>Big</title></head><body><main>" +
      "<p>Word after word after word, with a <a href='/x'>link</a> in between.</p>".repeat(15_000) +
      "</main></body></html>";
    let served: () => void = () => undefined;
    const sent = new Promise<void>((resolve) => (served = resolve));
    h.target.route("/big", (_req, res) => {
      res.on("finish", served);
      res.writeHead(200, { "content-type": "text/html" }).end(big);
    });
    const other = await startCloudHarness();

    // Settled at once, so a failure shows as this test's failure rather than an unhandled rejection.
    const conversion = h.fetch({ url: h.target.url("/big"), format: "markdown" }).then(
      (result) => ({ result }),
      (error: unknown) => ({ error }),
    );
    await sent;
    await new Promise((resolve) => setTimeout(resolve, 50));
    await other.close();
    const settled = await conversion;
    if ("error" in settled) throw settled.error;
    const { result } = settled;
    expect(result.content).toMatch(/^# Big$/m);
    expect(result.content).toContain(`[link](${h.target.url("/x")})`);
  });

  it("passes plain text and markdown targets through as they are", async () => {
    h.target.route("/notes.md", (_req, res) =>
      res.writeHead(200, { "content-type": "text/markdown; charset=utf-8" }).end("# Notes\n\n- one\n- two\n"),
    );
    const result = await h.fetch({ url: h.target.url("/notes.md"), format: "markdown" });
    expect(result.content).toBe("# Notes\n\n- one\n- two\n");
  });
});
