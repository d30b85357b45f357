/**
 * Pages longer than the model's window: items recalled, model tokens and wall time for schema extracts
 * of generated catalogs (1k, 3k and 10k compact cards: title link and price in a flat grid of divs),
 * with 16k- and 128k-token windows and concurrency 1 and 4.
 *
 * The model is the scripted OpenAI-compatible server, refusing prompts over its window as a provider
 * would and answering each part faithfully (every whole card in it, with its link id), so recall
 * measures what splitting and merging keep, not a model's reading. Its replies are delayed like a hosted
 * model's — 300 ms plus 1 ms per 40 prompt tokens, an assumed latency stated here, not a measured one —
 * so concurrency shows in wall time. Tokens are o200k counts of each prompt, as the server counts them.
 */
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Client } from "../../core/src/index.js";
import { cardsInPrompt, CATALOG_JSON_SCHEMA } from "../../test/support/catalog-model.js";
import { catalogProduct, catalogProductPath, serveCatalog } from "../../test/support/catalog-site.js";
import {
  requestTokens,
  startModelServer,
  type ModelServer,
  type RecordedModelRequest,
  type ScriptedReply,
} from "../../test/support/model-server.js";
import { startPageServers } from "../../test/support/page-server.js";
import type { BenchSection } from "../bench-section.js";
import { markdownTable } from "../markdown-table.js";
import { RESULTS_DIR } from "../repo-paths.js";

const SIZES = [1_000, 3_000, 10_000];
const WINDOWS = [16_000, 128_000];
const CONCURRENCIES = [1, 4];
interface Row {
  cards: number;
  window: number;
  concurrency: number;
  recalled: number;
  extra: number;
  parts: number;
  calls: number;
  inputTokens: number;
  outputTokens: number;
  ms: number;
  /** Of which reading the page. */
  readMs: number;
  error?: string;
}

export const longPagesSection: BenchSection = {
  name: "long-pages",
  title: "Pages longer than the model's window: recall, tokens and wall time of split extracts",
  async run() {
    const servers = await startPageServers();
    const models = new Map<number, ModelServer>();
    for (const window of WINDOWS) models.set(window, await startModelServer({ maxInputTokens: window }));
    const client = new Client({
      disablePino: true,
      localBrowser:
        process.env["LOUPE_CHROMIUM_PATH"] || !existsSync("/usr/bin/chromium")
          ? {}
          : { executablePath: "/usr/bin/chromium" },
    });
    const rows: Row[] = [];
    try {
      await client.init();
      const page = client.context.pages()[0]!;
      for (const cards of SIZES) {
        await page.goto(
          servers.originA + serveCatalog(servers, `/bench/long-${cards}/`, cards, { compact: true }),
        );
        const expected = new Map(
          Array.from({ length: cards }, (_, i) => {
            const p = catalogProduct(i + 1);
            return [servers.originA + catalogProductPath(p.id), p.title] as const;
          }),
        );
        for (const window of WINDOWS)
          for (const concurrency of CONCURRENCIES) {
            const row = await measure(client, models.get(window)!, { cards, window, concurrency }, expected);
            rows.push(row);
            console.error(
              `bench long-pages: ${cards} cards, ${window} window, concurrency ${concurrency}: ${row.ms} ms`,
            );
          }
      }
    } finally {
      await client.close().catch(() => {});
      await Promise.all([servers.close(), ...[...models.values()].map((m) => m.close())]);
    }
    console.log(
      markdownTable(
        [
          "cards",
          "window",
          "concurrency",
          "recalled",
          "extra",
          "parts",
          "model calls",
          "input tokens",
          "output tokens",
          "wall time",
          "after the page read",
        ],
        rows.map((r) => [
          r.cards.toLocaleString("en-US"),
          `${r.window / 1000}k`,
          String(r.concurrency),
          r.error
            ? `failed: ${r.error}`
            : `${r.recalled.toLocaleString("en-US")} (${((100 * r.recalled) / r.cards).toFixed(1)}%)`,
          String(r.extra),
          String(r.parts),
          String(r.calls),
          r.inputTokens.toLocaleString("en-US"),
          r.outputTokens.toLocaleString("en-US"),
          `${(r.ms / 1000).toFixed(1)} s`,
          `${((r.ms - r.readMs) / 1000).toFixed(1)} s`,
        ]),
      ),
    );
    const pairs = rows.filter((r) => r.concurrency === 1 && !r.error);
    const speedups = pairs
      .map((one) => {
        const four = rows.find(
          (r) => r.cards === one.cards && r.window === one.window && r.concurrency === 4,
        );
        return four && !four.error && one.parts > 1
          ? `${one.cards / 1000}k cards/${one.window / 1000}k window ×${((one.ms - one.readMs) / (four.ms - four.readMs)).toFixed(2)}`
          : "";
      })
      .filter(Boolean);
    console.log(
      `\nOne run per cell; wall time is the whole extract, page read included (the read is the same work for every cell of a size). Time after the page read, concurrency 1 over 4, on split pages: ${speedups.join(", ") || "none split"}.`,
    );
    await mkdir(RESULTS_DIR, { recursive: true });
    const file = join(RESULTS_DIR, "long-pages.json");
    await writeFile(file, JSON.stringify(rows, null, 2) + "\n");
    console.log(`Results: ${file}`);
  },
};

async function measure(
  client: Client,
  model: ModelServer,
  config: { cards: number; window: number; concurrency: number },
  expected: Map<string, string>,
): Promise<Row> {
  model.reset();
  model.enqueue(...Array.from({ length: 400 }, () => faithfulReply));
  const started = performance.now();
  const row: Row = {
    ...config,
    recalled: 0,
    extra: 0,
    parts: 0,
    calls: 0,
    inputTokens: 0,
    outputTokens: 0,
    ms: 0,
    readMs: 0,
  };
  try {
    const result = (await client.extract(
      "Every product with its title, price and link",
      CATALOG_JSON_SCHEMA,
      {
        model: {
          modelName: "openai/gpt-4.1-mini",
          baseURL: model.baseURL,
          apiKey: "bench",
          maxInputTokens: config.window,
        },
        concurrency: config.concurrency,
      },
    )) as { products: { title: string; link: string }[] };
    const seen = new Set<string>();
    for (const product of result.products) {
      if (expected.get(product.link) === product.title && !seen.has(product.link)) {
        seen.add(product.link);
        row.recalled++;
      } else row.extra++;
    }
  } catch (error) {
    row.error = error instanceof Error ? error.message.slice(0, 120) : String(error);
  }
  row.ms = Math.round(performance.now() - started);
  const report = client.metrics.lastExtract;
  row.parts = report?.parts ?? 0;
  row.readMs = report?.readMs ?? 0;
  row.calls = model.requests.length;
  row.inputTokens = report?.inputTokens ?? 0;
  row.outputTokens = report?.outputTokens ?? 0;
  return row;
}

/** Every card whose link and price are both in the prompt, after a hosted model's latency. */
function faithfulReply(request: RecordedModelRequest): ScriptedReply {
  const products = cardsInPrompt(request);
  const json = { products };
  const input = requestTokens(request);
  return {
    json,
    usage: { input, output: Math.ceil(JSON.stringify(json).length / 3) },
    delayMs: 300 + Math.round(input / 40),
  };
}
