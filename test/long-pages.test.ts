/**
 * Pages longer than the model's context window: the scripted model server refuses any prompt over
 * 16,000 tokens as a provider would, and answers every part it is sent like a faithful model (each whole
 * card of the part, with its link's id), so whatever comes back is what the splitting and merging made
 * of it.
 */
import {
  ClientError,
  ExtractTimeoutError,
  LLMResponseError,
  type ModelObjectConfiguration,
} from "@loupe/core";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { cardsInPrompt } from "./support/catalog-model.js";
import { catalogProduct, catalogProductPath, serveCatalog } from "./support/catalog-site.js";
import { startHarness, type Harness } from "./support/harness.js";
import { requestTokens, type RecordedModelRequest, type ScriptedReply } from "./support/model-server.js";

const WINDOW = 16_000;
const Products = z.object({
  products: z.array(z.object({ title: z.string(), price: z.string(), link: z.url() })),
});
const MANAGER = "The store manager is Ada Lovelace.";

let h: Harness;
/** The model for every call: o200k-counted, with the server's window as its budget. */
let model: ModelObjectConfiguration;

beforeAll(async () => {
  h = await startHarness({}, { maxInputTokens: WINDOW });
  model = { ...h.chatModel, modelName: "openai/gpt-4.1-mini", maxInputTokens: WINDOW };
  serveCatalog(h.servers, "/catalog-3k/", 3_000, {
    compact: true,
    extraHtml: `<section><h2>About the store</h2><p>${MANAGER}</p></section>`,
  });
  serveCatalog(h.servers, "/catalog-10k/", 10_000, { compact: true });
  serveCatalog(h.servers, "/catalog-1500/", 1_500, { compact: true });
  serveCatalog(h.servers, "/catalog-20/", 20, { compact: true });
  h.servers.route(
    "/one-long-line/",
    () => `<!doctype html><title>Long</title><p>${"word ".repeat(40_000)}</p>`,
  );
});
afterAll(() => h.close());
afterEach(() => h.model.reset());

/** What a faithful model answers for a part: every card whose link and price are both in it. */
function cardsReply(request: RecordedModelRequest): ScriptedReply {
  return { json: { products: cardsInPrompt(request) } };
}

function expectEveryCard(result: z.infer<typeof Products>, count: number): void {
  const expected = Array.from({ length: count }, (_, i) => {
    const p = catalogProduct(i + 1);
    return { title: p.title, price: p.price, link: h.servers.originA + catalogProductPath(p.id) };
  });
  expect(result.products).toHaveLength(count);
  expect(result.products).toEqual(expected);
}

describe("a catalog longer than the model's window", () => {
  it(
    "returns all 3,000 cards with the right links, each once, from parts that each fit",
    { timeout: 600_000 },
    async () => {
      await h.goto("/catalog-3k/");
      h.model.enqueue(...Array.from({ length: 100 }, () => cardsReply));

      const result = await h.client.extract("Every product with its title, price and link", Products, {
        model,
      });

      expectEveryCard(result, 3_000);
      const parts = h.model.requests;
      expect(parts.length).toBeGreaterThan(3);
      for (const part of parts) expect(requestTokens(part)).toBeLessThanOrEqual(WINDOW);
      const report = h.client.metrics.lastExtract!;
      expect(report).toMatchObject({ parts: parts.length, llmCalls: parts.length, maxInputTokens: WINDOW });
      expect(report.conflicts).toEqual([]);

      // Neighbouring parts overlap, so cards on each boundary were answered by both parts: the merge above
      // kept each once. Show that every boundary had such cards, so the assertion covered them.
      // Requests arrive in the order the parts finished sending, not page order: sort them by part number.
      const partNumber = (r: RecordedModelRequest) => Number(/this is part (\d+) of/.exec(r.text())![1]);
      const found = [...parts]
        .sort((a, b) => partNumber(a) - partNumber(b))
        .map((part) => (cardsReply(part) as { json: z.infer<typeof Products> }).json.products);
      for (let i = 1; i < found.length; i++) {
        const before = new Set(found[i - 1]!.map((p) => p.link));
        expect(found[i]!.filter((p) => before.has(p.link)).length).toBeGreaterThan(0);
      }
    },
  );

  it(
    "answers a question whose answer is only in the last part, combining the parts' answers in one last call",
    { timeout: 600_000 },
    async () => {
      await h.goto("/catalog-3k/");
      const combined: string[] = [];
      const reply = (request: RecordedModelRequest): ScriptedReply => {
        const user = request.messages().find((m) => m.role === "user")?.text ?? "";
        if (/^Answer from part 1 of/m.test(user)) {
          combined.push(user);
          return { text: user.includes(MANAGER) ? MANAGER : "I could not find it." };
        }
        return { text: user.includes(MANAGER) ? MANAGER : "Nothing about the store manager in this part." };
      };
      h.model.enqueue(...Array.from({ length: 100 }, () => reply));

      const { extraction } = await h.client.extract("Who manages the store?", { model });

      expect(extraction).toBe(MANAGER);
      const parts = h.model.requests.slice(0, -1);
      expect(parts.findIndex((r) => r.text().includes(MANAGER))).toBe(parts.length - 1);
      expect(combined).toHaveLength(1);
      expect(h.client.metrics.lastExtract).toMatchObject({ parts: parts.length, llmCalls: parts.length + 1 });
    },
  );

  it("returns all 10,000 cards of a catalog with the right links", { timeout: 1_200_000 }, async () => {
    await h.goto("/catalog-10k/");
    h.model.enqueue(...Array.from({ length: 200 }, () => cardsReply));

    const result = await h.client.extract("Every product with its title, price and link", Products, {
      model,
      concurrency: 8,
      timeout: 1_000_000,
    });

    expectEveryCard(result, 10_000);
    for (const part of h.model.requests) expect(requestTokens(part)).toBeLessThanOrEqual(WINDOW);
  });
});

describe("within the window", () => {
  it("a page that fits makes exactly one call with the whole page, as before", async () => {
    await h.goto("/catalog-20/");
    h.model.enqueue(cardsReply);
    const result = await h.client.extract("Every product", Products, { model });
    expectEveryCard(result, 20);
    expect(h.model.requests).toHaveLength(1);
    expect(h.model.requests[0]!.text()).toContain("Page snapshot:\n");
    expect(h.client.metrics.lastExtract).toMatchObject({ parts: 1, llmCalls: 1 });
  });

  it("one element line longer than the budget is a ClientError naming the budget, with no model call", async () => {
    await h.goto("/one-long-line/");
    const error = await h.client.extract("Every word", { model }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClientError);
    expect((error as Error).message).toMatch(
      /Line 2 of the content .* is about [\d,]+ tokens .*16,000 tokens \(openai\/gpt-4\.1-mini, its maxInputTokens\)/,
    );
    expect(h.model.requests).toHaveLength(0);
  });
});

describe("stopping a split extraction", () => {
  it("timeout aborts every part in flight and starts no more", { timeout: 600_000 }, async () => {
    await h.goto("/catalog-1500/");
    h.model.enqueue(...Array.from({ length: 100 }, () => ({ hang: true as const })));
    const error = await h.client
      .extract("Every product", Products, { model, concurrency: 3, timeout: 20_000 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExtractTimeoutError);
    await vi.waitFor(() => expect(h.model.requests.every((r) => r.aborted)).toBe(true));
    expect(h.model.requests).toHaveLength(3);
  });

  it(
    "a part that fails aborts the others in flight and the extraction reports its error",
    { timeout: 600_000 },
    async () => {
      await h.goto("/catalog-3k/");
      h.model.enqueue(
        { hang: true },
        { status: 500, error: { message: "the model is overloaded" }, delayMs: 200 },
        ...Array.from({ length: 100 }, () => ({ hang: true as const })),
      );
      const error = await h.client
        .extract("Every product", Products, { model, concurrency: 3 })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LLMResponseError);
      expect((error as Error).message).toContain("the model is overloaded");
      await vi.waitFor(() =>
        expect(h.model.requests.filter((r, i) => i !== 1).every((r) => r.aborted)).toBe(true),
      );
      expect(h.model.requests).toHaveLength(3);
    },
  );
});
