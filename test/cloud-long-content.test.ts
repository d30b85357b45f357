/**
 * Loupe Cloud with content longer than its model's window (the scripted model server refuses prompts
 * over 16,000 tokens): `format: "json"` splits the markdown by section, and a server-side extract in a
 * hosted session splits the snapshot, each merging the parts' answers.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { cardsInPrompt, CATALOG_JSON_SCHEMA, type AnsweredCard } from "./support/catalog-model.js";
import { catalogHtml, catalogProduct, catalogProductPath } from "./support/catalog-site.js";
import { startCloudHarness, type CloudHarness } from "./support/cloud-harness.js";
import { requestTokens, type RecordedModelRequest, type ScriptedReply } from "./support/model-server.js";
import { connectSession, createSession, html } from "./support/session-harness.js";

const WINDOW = 16_000;
const LIGHTHOUSES = 1_000;

let h: CloudHarness;
beforeAll(async () => {
  h = await startCloudHarness({ model: true, modelWindow: WINDOW });
});
afterAll(() => h.close());
afterEach(() => h.model?.reset());

function userText(request: RecordedModelRequest): string {
  return request.messages().find((m) => m.role === "user")?.text ?? "";
}

describe("format json of a long document", () => {
  beforeAll(() => {
    const sections = ["# Lighthouses of the world", ""];
    for (let n = 1; n <= LIGHTHOUSES; n++)
      sections.push(
        `## Lighthouse ${n}`,
        "",
        `Lighthouse ${n} is ${20 + (n % 50)} m tall. Its keepers' log is on [its page](${h.target.url(`/lighthouses/${n}`)}).`,
        "",
      );
    h.target.route("/lighthouses.md", (_req, res) =>
      res.writeHead(200, { "content-type": "text/markdown; charset=utf-8" }).end(sections.join("\n")),
    );
  });

  it(
    "splits the markdown by section and returns every item with its absolute link",
    { timeout: 300_000 },
    async () => {
      const reply = (request: RecordedModelRequest): ScriptedReply => {
        const lighthouses: { name: string; heightMeters: number; page: string }[] = [];
        for (const m of userText(request).matchAll(
          /^## (Lighthouse \d+)\n\n\1 is (\d+) m tall\. .*\[its page\]\((\d+-\d+)\)\.$/gm,
        ))
          lighthouses.push({ name: m[1]!, heightMeters: Number(m[2]), page: m[3]! });
        return { json: { lighthouses } };
      };
      h.model?.enqueue(...Array.from({ length: 50 }, () => reply));

      const result = await h.fetch({
        url: h.target.url("/lighthouses.md"),
        format: "json",
        schema: {
          type: "object",
          properties: {
            lighthouses: {
              type: "array",
              items: {
                type: "object",
                properties: {
                  name: { type: "string" },
                  heightMeters: { type: "number" },
                  page: { type: "string", format: "uri" },
                },
                required: ["name", "heightMeters", "page"],
              },
            },
          },
          required: ["lighthouses"],
        },
      });

      const content = result.content as {
        lighthouses: { name: string; heightMeters: number; page: string }[];
      };
      expect(content.lighthouses).toEqual(
        Array.from({ length: LIGHTHOUSES }, (_, i) => ({
          name: `Lighthouse ${i + 1}`,
          heightMeters: 20 + ((i + 1) % 50),
          page: h.target.url(`/lighthouses/${i + 1}`),
        })),
      );
      const requests = h.model?.requests ?? [];
      expect(requests.length).toBeGreaterThan(1);
      for (const request of requests) expect(requestTokens(request)).toBeLessThanOrEqual(WINDOW);
      // Every part after the first starts at a section, under the document's title.
      for (const request of requests.slice(1)) {
        expect(userText(request)).toMatch(/repeated for context\):\n# Lighthouses of the world\n/);
        expect(userText(request)).toMatch(/Document, part \d+ of \d+:\n## Lighthouse \d+\n/);
      }
    },
  );
});

describe("server-side extract of a long page (CLOUD mode)", () => {
  it("splits the snapshot on the server and answers with every card", { timeout: 600_000 }, async () => {
    const CARDS = 1_500;
    h.target.route("/catalog/", html(catalogHtml(CARDS, { compact: true })));
    const session = await createSession(h);
    const { browser, page } = await connectSession(session, h.apiKey);
    try {
      await page.goto(h.target.url("/catalog/"));
      const reply = (request: RecordedModelRequest): ScriptedReply => ({
        json: { products: cardsInPrompt(request) },
      });
      h.model?.enqueue(...Array.from({ length: 50 }, () => reply));

      const answer = await h.api("POST", `/v1/sessions/${session.id}/extract`, {
        body: {
          instruction: "Every product with its link",
          schema: CATALOG_JSON_SCHEMA,
          options: { concurrency: 2, serverCache: false },
        },
      });

      expect(answer.status).toBe(200);
      const result = answer.json?.["result"] as { products: AnsweredCard[] };
      expect(result.products).toEqual(
        Array.from({ length: CARDS }, (_, i) => ({
          title: catalogProduct(i + 1).title,
          price: catalogProduct(i + 1).price,
          link: h.target.url(catalogProductPath(i + 1)),
        })),
      );
      const requests = h.model?.requests ?? [];
      expect(requests.length).toBeGreaterThan(1);
      for (const request of requests) expect(requestTokens(request)).toBeLessThanOrEqual(WINDOW);
      expect(answer.json?.["usage"]).toMatchObject({ llmCalls: requests.length });
    } finally {
      await browser.close();
      await h.api("DELETE", `/v1/sessions/${session.id}`);
    }
  });
});
