/**
 * Loupe Cloud end to end, format json: schema-shaped data extracted on the server by the scripted model
 * from an HTML or a markdown target, link ids answered as absolute URLs, a repair, failures, metering.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectFetchError, startCloudHarness, type CloudHarness } from "./support/cloud-harness.js";
import {
  LIGHTHOUSE_ARTICLE_HTML as ARTICLE_HTML,
  LIGHTHOUSE_SCHEMA as SCHEMA,
} from "./support/lighthouse-article.js";
import type { RecordedModelRequest } from "./support/model-server.js";

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

/** The id the document gave the link labelled `label`, read from the prompt the model received. */
function linkIdOf(request: RecordedModelRequest, label: string): string {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const id = new RegExp(`\\[${escaped}\\]\\((\\d+-\\d+)\\)`).exec(request.text())?.[1];
  if (!id) throw new Error(`no link "${label}" in the prompt:\n${request.text()}`);
  return id;
}

describe("format json", () => {
  beforeAll(() => {
    h.target.route("/article", (_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(ARTICLE_HTML);
    });
    h.target.route("/tower.md", (_req, res) =>
      res
        .writeHead(200, { "content-type": "text/markdown; charset=utf-8" })
        .end(
          `# Eddystone\n\nThe Eddystone tower is 49 m tall. Its keepers trained with the ` +
            `[keepers' handbook](${h.target.url("/docs/keepers")}).\n`,
        ),
    );
  });

  it("extracts schema-shaped data on the server with one model call; a link id becomes the absolute URL", async () => {
    h.model?.enqueue((request) => ({
      json: { name: "Eddystone", heightMeters: 49, handbook: linkIdOf(request, "keepers' handbook") },
    }));
    const result = await h.fetch({ url: h.target.url("/article"), format: "json", schema: SCHEMA });
    expect(result).toMatchObject({
      encoding: "utf-8",
      statusCode: 200,
      contentType: "text/html; charset=utf-8",
    });
    expect(result.content).toEqual({
      name: "Eddystone",
      heightMeters: 49,
      handbook: h.target.url("/docs/keepers"),
    });
    expect(h.model?.requests).toHaveLength(1);
    const prompt = h.model?.requests[0]?.text() ?? "";
    expect(prompt).toContain("Bell Rock");
    expect(prompt).toMatch(/\[keepers' handbook\]\(0-\d+\)/);
    // The model never sees the address it would otherwise copy (or invent).
    expect(prompt).not.toContain("/docs/keepers");
  });

  it("answers the link id 0-1 of a markdown target with the absolute URL, in exactly one model request", async () => {
    h.model?.enqueue({ json: { name: "Eddystone", heightMeters: 49, handbook: "0-1" } });
    const result = await h.fetch({ url: h.target.url("/tower.md"), format: "json", schema: SCHEMA });
    expect(result.content).toEqual({
      name: "Eddystone",
      heightMeters: 49,
      handbook: h.target.url("/docs/keepers"),
    });
    expect(h.model?.requests).toHaveLength(1);
    expect(h.model?.requests[0]?.text()).toContain("[keepers' handbook](0-1)");
  });

  it("repairs an answer that fails the schema once, with a second model request", async () => {
    h.model?.enqueue(
      { json: { name: "Eddystone", heightMeters: "forty-nine", handbook: "0-1" } },
      { json: { name: "Eddystone", heightMeters: 49, handbook: "0-1" } },
    );
    const result = await h.fetch({ url: h.target.url("/tower.md"), format: "json", schema: SCHEMA });
    expect(result.content).toMatchObject({ heightMeters: 49 });
    expect(h.model?.requests).toHaveLength(2);
    expect(h.model?.requests[1]?.text()).toContain("heightMeters");
  });

  it("fails with extraction_failed (422) when the answer fails the schema twice", async () => {
    h.model?.enqueue(
      { json: { name: "Eddystone", heightMeters: "forty-nine", handbook: "0-1" } },
      { json: { name: "Eddystone", heightMeters: "still words", handbook: "0-9" } },
    );
    const error = await expectFetchError(
      h.fetch({ url: h.target.url("/tower.md"), format: "json", schema: SCHEMA }),
      "extraction_failed",
      422,
    );
    expect(error.requestId).toMatch(/^req_/);
    expect(h.model?.requests).toHaveLength(2);
    expect(h.model?.pendingReplies).toBe(0);
  });

  it("refuses a page with no readable content (a JavaScript shell) without a model call", async () => {
    h.target.route("/shell", (_req, res) => {
      res
        .writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end(
          '<!doctype html><html><head><title>Tower app</title><script src="/app.js"></script></head>' +
            '<body><div id="root"></div><noscript>Enable JavaScript.</noscript></body></html>',
        );
    });
    const before = (await h.fetchUsage()) ?? { count: 0, inputTokens: 0 };
    const error = await expectFetchError(
      h.fetch({ url: h.target.url("/shell"), format: "json", schema: SCHEMA }),
      "extraction_failed",
      422,
    );
    expect(error.message).toContain("no readable content");
    expect(error.message).toContain("session");
    expect(h.model?.requests).toHaveLength(0);
    expect(await h.fetchUsage()).toMatchObject({ count: before.count + 1, inputTokens: before.inputTokens });
    // As markdown the same page is simply empty: the content is what the page holds.
    const markdown = await h.fetch({ url: h.target.url("/shell"), format: "markdown" });
    expect(markdown.content).toBe("");
  });

  it("meters the model tokens of a json fetch that fails after its model calls", async () => {
    const before = (await h.fetchUsage()) ?? { count: 0, succeeded: 0, inputTokens: 0, outputTokens: 0 };
    h.model?.enqueue(
      { json: { name: "Eddystone", heightMeters: "forty-nine" }, usage: { input: 200, output: 7 } },
      { json: { name: "Eddystone", heightMeters: "still words" }, usage: { input: 260, output: 9 } },
    );
    await expectFetchError(
      h.fetch({ url: h.target.url("/tower.md"), format: "json", schema: SCHEMA }),
      "extraction_failed",
      422,
    );
    expect(await h.fetchUsage()).toMatchObject({
      count: before.count + 1,
      succeeded: before.succeeded,
      inputTokens: before.inputTokens + 460,
      outputTokens: before.outputTokens + 16,
    });
  });

  it("counts json fetches in usage like any other, with the model tokens they used", async () => {
    const before = (await h.fetchUsage()) ?? { count: 0, inputTokens: 0, outputTokens: 0 };
    h.model?.enqueue({
      json: { name: "Eddystone", heightMeters: 49, handbook: "0-1" },
      usage: { input: 321, output: 45 },
    });
    await h.fetch({ url: h.target.url("/tower.md"), format: "json", schema: SCHEMA });
    expect(await h.fetchUsage()).toMatchObject({
      count: before.count + 1,
      inputTokens: before.inputTokens + 321,
      outputTokens: before.outputTokens + 45,
    });
  });
});
