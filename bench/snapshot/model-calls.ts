/**
 * Model requests per structured extract: one instruction + schema extract of the fixture through each
 * tool, against the scripted OpenAI-compatible server. Every request gets a reply that fits the schema
 * it carries, so a tool that makes extra calls (bookkeeping, progress checks) succeeds and each call is
 * counted, rather than failing on the first unexpected one.
 */
import { z } from "zod";
import type { ModelServer, RecordedModelRequest, ScriptedReply } from "../../test/support/model-server.js";
import { withTimeout } from "../with-timeout.js";
import type { BenchPage } from "./bench-page.js";
import { describeError, type Tools } from "./measure-page.js";
import { sampleFromSchema } from "./schema-sample.js";
import { openLoupeTab, openStagehandTab } from "./snapshot-tabs.js";

const INSTRUCTION = "List every product on the page with its name and price.";
const SCHEMA = z.object({ products: z.array(z.object({ name: z.string(), price: z.string() })) });
/** More replies than any tool should need; the leftovers are dropped after each extract. */
const REPLIES_PER_EXTRACT = 10;
const TIMEOUT_MS = 60_000;

/** What one tool's extract cost in model requests. */
export interface ModelCallCount {
  /** Requests the model server received during the extract. */
  requests: number;
  /** Loupe only: what `client.metrics.extract.llmCalls` counted for the same extract. */
  reportedByClient?: number;
  /** Set when the extract failed. */
  error?: string;
}

/** Runs the extract through Loupe then Stagehand and counts the requests each made. */
export async function countModelCalls(
  page: BenchPage,
  tools: Tools,
  model: ModelServer,
): Promise<{ loupe: ModelCallCount; stagehand: ModelCallCount }> {
  const loupe = await counted(model, async () => {
    const tab = await openLoupeTab(tools.client, page.url, TIMEOUT_MS);
    try {
      const before = tools.client.metrics.extract.llmCalls;
      await tools.client.extract(INSTRUCTION, SCHEMA, {
        page: tab.page,
        model: { modelName: "openai/gpt-4.1-mini", apiKey: "bench", baseURL: model.baseURL },
      });
      return tools.client.metrics.extract.llmCalls - before;
    } finally {
      await tab.close();
    }
  });
  const stagehand = await counted(model, async () => {
    if (!tools.stagehand3) throw new Error("Stagehand did not start");
    const tab = await openStagehandTab(tools.stagehand3, page.url, TIMEOUT_MS);
    try {
      await tools.stagehand3.extract(INSTRUCTION, SCHEMA, { page: tab.page });
      return undefined;
    } finally {
      await tab.close();
    }
  });
  return { loupe, stagehand };
}

async function counted(
  model: ModelServer,
  extract: () => Promise<number | undefined>,
): Promise<ModelCallCount> {
  model.reset();
  model.enqueue(...Array.from({ length: REPLIES_PER_EXTRACT }, () => replyFittingRequest));
  try {
    const reportedByClient = await withTimeout(extract(), TIMEOUT_MS, "the extract");
    return {
      requests: model.requests.length,
      ...(reportedByClient === undefined ? {} : { reportedByClient }),
    };
  } catch (error) {
    return { requests: model.requests.length, error: describeError(error) };
  } finally {
    model.reset();
  }
}

function replyFittingRequest(request: RecordedModelRequest): ScriptedReply {
  const schema = requestedSchema(request.body);
  return schema === undefined ? { text: "Red Shoe, $49.00" } : { json: sampleFromSchema(schema) };
}

/** The JSON Schema a request asks the answer to follow, in either OpenAI request shape. */
function requestedSchema(body: Record<string, unknown>): unknown {
  const chat = at(body, "response_format", "json_schema", "schema");
  if (chat !== undefined) return chat;
  return at(body, "text", "format", "schema");
}

function at(value: unknown, ...path: string[]): unknown {
  let node = value;
  for (const key of path) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
