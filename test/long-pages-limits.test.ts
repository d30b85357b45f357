/**
 * The calls after the parts must fit the model's window too: a repair turn that would carry a long first
 * answer past it, and free-text answers too long to combine in one call. The scripted model server
 * refuses any prompt over 16,000 tokens, as a provider would.
 */
import { ClientError, type ModelObjectConfiguration } from "@loupe/core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { cardsInPrompt } from "./support/catalog-model.js";
import { catalogProduct, catalogProductPath, serveCatalog } from "./support/catalog-site.js";
import { startHarness, type Harness } from "./support/harness.js";
import { requestTokens, type RecordedModelRequest, type ScriptedReply } from "./support/model-server.js";

const WINDOW = 16_000;
const Products = z.object({
  products: z.array(z.object({ title: z.string(), price: z.string(), link: z.url() })),
});
const RESTATED = "An earlier answer to this request did not match the schema";
/** A combine prompt lists the parts' answers from this line on. */
const COMBINE = /^Answer from part 1 of/m;

let h: Harness;
let model: ModelObjectConfiguration;

beforeAll(async () => {
  h = await startHarness({}, { maxInputTokens: WINDOW });
  model = { ...h.chatModel, modelName: "openai/gpt-4.1-mini", maxInputTokens: WINDOW };
  serveCatalog(h.servers, "/catalog-1500/", 1_500, { compact: true });
});
afterAll(() => h.close());
afterEach(() => h.model.reset());

function userText(request: RecordedModelRequest): string {
  return request
    .messages()
    .filter((m) => m.role === "user")
    .map((m) => m.text)
    .join("\n");
}

function everyRequestFits(): void {
  expect(h.model.requests.length).toBeGreaterThan(0);
  for (const request of h.model.requests) expect(requestTokens(request)).toBeLessThanOrEqual(WINDOW);
}

describe("a repair turn past the window", () => {
  it(
    "asks the part again with the issues instead of the long first answer, and every card comes back",
    { timeout: 600_000 },
    async () => {
      await h.goto("/catalog-1500/");
      // Every part's first answer has every card with its price as a number: all wrong, and long.
      const reply = (request: RecordedModelRequest): ScriptedReply => {
        const cards = cardsInPrompt(request);
        if (userText(request).includes(RESTATED)) return { json: { products: cards } };
        return { json: { products: cards.map((c) => ({ ...c, price: Number(c.price.slice(1)) })) } };
      };
      h.model.enqueue(...Array.from({ length: 100 }, () => reply));

      const result = await h.client.extract("Every product with its title, price and link", Products, {
        model,
      });

      expect(result.products).toHaveLength(1_500);
      expect(result.products[1_499]).toEqual({
        title: catalogProduct(1_500).title,
        price: catalogProduct(1_500).price,
        link: h.servers.originA + catalogProductPath(catalogProduct(1_500).id),
      });
      everyRequestFits();
      const restated = h.model.requests.filter((r) => userText(r).includes(RESTATED));
      const { parts } = h.client.metrics.lastExtract!;
      // One repair per part, each the part asked again: no conversation carries a first answer.
      expect(restated).toHaveLength(parts);
      expect(h.model.requests).toHaveLength(2 * parts);
      for (const r of restated) expect(r.messages().some((m) => m.role === "assistant")).toBe(false);
      expect(userText(restated[0]!)).toMatch(/products\[0\]\.price/);
    },
  );
});

describe("free-text answers too long to combine at once", () => {
  it(
    "are combined in groups that fit, then the groups' answers in one last call",
    { timeout: 600_000 },
    async () => {
      await h.goto("/catalog-1500/");
      const combines: RecordedModelRequest[] = [];
      let group = 0;
      const reply = (request: RecordedModelRequest): ScriptedReply => {
        if (COMBINE.test(userText(request))) {
          combines.push(request);
          return { text: `Summary ${++group}.` };
        }
        // About 6,000 tokens each: two fit one combine prompt, three do not.
        return { text: `The cards of this part: ${"a product card. ".repeat(1_500)}` };
      };
      h.model.enqueue(...Array.from({ length: 100 }, () => reply));

      const { extraction } = await h.client.extract("Describe the cards", { model });

      everyRequestFits();
      const { parts, llmCalls } = h.client.metrics.lastExtract!;
      expect(parts).toBeGreaterThanOrEqual(3);
      expect(combines.length).toBeGreaterThan(1);
      expect(llmCalls).toBe(parts + combines.length);
      // The first call combined the answers that fit together; the last took its summary and the rest.
      expect(userText(combines[0]!)).toContain("Answer from part 2 of 2:\nThe cards of this part");
      const last = userText(combines.at(-1)!);
      expect(last).toContain("Answer from part 1 of 2:\nSummary 1.");
      expect(last).toContain("Answer from part 2 of 2:\nThe cards of this part");
      expect(extraction).toBe(`Summary ${combines.length}.`);
    },
  );

  it(
    "is a ClientError naming the budget when no two answers fit one prompt",
    { timeout: 600_000 },
    async () => {
      await h.goto("/catalog-1500/");
      const reply = (): ScriptedReply => ({ text: `Everything: ${"a product card. ".repeat(2_400)}` });
      h.model.enqueue(...Array.from({ length: 100 }, () => reply));

      const error = await h.client.extract("Describe the cards", { model }).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(ClientError);
      expect((error as Error).message).toMatch(/too long to combine .*16,000 tokens/);
      everyRequestFits();
      expect(h.model.requests.some((r) => COMBINE.test(userText(r)))).toBe(false);
    },
  );
});

describe("a list key named by the schema", () => {
  it("is checked before the page is read: a key its items lack is a ClientError", async () => {
    await h.goto("/catalog-1500/");
    const Keyed = z.object({
      products: z.array(z.object({ title: z.string(), link: z.url() })).meta({ itemKey: "sku" }),
    });
    const error = await h.client.extract("Every product", Keyed, { model }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClientError);
    expect((error as Error).message).toBe(
      'The schema\'s itemKey "sku" on the list at products names no property of its items (title, link).',
    );
    expect(h.model.requests).toHaveLength(0);
  });
});
