/**
 * Each run's metrics are its own: runs under way at the same time (two acts and an extract, held by the
 * model until all three have asked) each report the tokens of their own model calls, in the answer and
 * in the history, and a run that fails its schema still reports what it spent.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actReply, idOf, lastUserText } from "../../../test/support/harness.js";
import {
  type ModelServer,
  type RecordedModelRequest,
  type ScriptedReply,
} from "../../../test/support/model-server.js";
import type { PageServers } from "../../../test/support/page-server.js";
import { startServiceHarness, type ServiceHarness } from "../../../test/support/service-harness.js";
import type { StudioClient } from "../common/studio-client.js";
import type { RunRecord } from "../common/studio-api.js";

/**
 * Answers each request only once `count` requests are in flight, so the runs provably overlap; a run
 * that waited for another to finish would leave the others waiting, and the test fails on its timeout.
 */
function heldUntilAll(count: number, answer: (request: RecordedModelRequest) => ScriptedReply) {
  let arrived = 0;
  let release = () => {};
  const all = new Promise<void>((resolve) => (release = resolve));
  return async (request: RecordedModelRequest): Promise<ScriptedReply> => {
    if (++arrived === count) release();
    await all;
    return answer(request);
  };
}

describe("the metrics of runs under way at the same time", () => {
  let h: ServiceHarness;
  let servers: PageServers;
  let model: ModelServer;
  let client: StudioClient;
  let added: RunRecord[];

  beforeAll(async () => {
    h = await startServiceHarness();
    ({ servers, model, client, added } = h);
  });

  afterAll(async () => {
    await h?.close();
  });

  it("belong to each run alone: two acts and an extract at once", async () => {
    await client.call("session.open", { url: `${servers.originA}/act/controls.html` });
    // Each run's model call reports its own, distinct usage; act answers with an element of the
    // snapshot its request carried.
    const runs: Record<string, { usage: { input: number; output: number }; act?: string[] }> = {
      "choose the large size": {
        usage: { input: 101, output: 11 },
        act: ["combobox: Size [value: Medium]", "selectOption", "Large"],
      },
      "tick gift wrap": { usage: { input: 202, output: 22 }, act: ["checkbox: Gift wrap", "check"] },
      "what the page is for": { usage: { input: 404, output: 44 } },
    };
    const script = heldUntilAll(3, (request) => {
      const instruction = Object.keys(runs).find((key) => request.text().includes(key));
      const run = instruction ? runs[instruction] : undefined;
      if (!run) throw new Error(`an unexpected request:\n${request.text()}`);
      if (!run.act) return { text: "testing act", usage: run.usage };
      const [target = "", method = "", ...args] = run.act;
      return { ...actReply(idOf(lastUserText(request), target), method, args), usage: run.usage };
    });
    model.enqueue(script, script, script);

    const [details, gift, extracted] = await Promise.all([
      client.call("act.run", { instruction: "choose the large size" }),
      client.call("act.run", { instruction: "tick gift wrap" }),
      client.call("extract.run", { runId: "purpose", instruction: "what the page is for" }),
    ]);

    expect(details).toMatchObject({
      success: true,
      action: { method: "selectOption" },
      metrics: { llmCalls: 1, inputTokens: 101, outputTokens: 11 },
    });
    expect(gift).toMatchObject({
      success: true,
      action: { method: "check" },
      metrics: { llmCalls: 1, inputTokens: 202, outputTokens: 22 },
    });
    expect(extracted).toMatchObject({
      result: { extraction: "testing act" },
      metrics: { llmCalls: 1, inputTokens: 404, outputTokens: 44 },
    });
    // The history keeps the same figures for each run.
    await expect.poll(() => added.length).toBe(3);
    const byInstruction = (instruction: string) =>
      added.find((run) => (run.input as { instruction?: string }).instruction === instruction)?.metrics;
    expect(byInstruction("choose the large size")).toMatchObject({ inputTokens: 101, outputTokens: 11 });
    expect(byInstruction("tick gift wrap")).toMatchObject({ inputTokens: 202, outputTokens: 22 });
    expect(byInstruction("what the page is for")).toMatchObject({ inputTokens: 404, outputTokens: 44 });
    // And each keeps only the model calls it made.
    for (const instruction of Object.keys(runs)) {
      const run = added.find((r) => (r.input as { instruction?: string }).instruction === instruction);
      const sent = JSON.stringify(run?.transcript?.calls.map((call) => call.messages));
      expect(run?.transcript?.calls).toHaveLength(1);
      for (const other of Object.keys(runs)) expect(sent.includes(other)).toBe(other === instruction);
    }
  });

  it("count a failed run's model calls: a schema the answers never met", async () => {
    const wrong = { json: { price: "cheap" }, usage: { input: 30, output: 3 } };
    model.enqueue(wrong, { ...wrong, usage: { input: 50, output: 5 } });
    const run = await client.call("extract.run", {
      runId: "schema",
      instruction: "the price",
      schema: {
        kind: "json",
        value: {
          type: "object",
          properties: { price: { type: "number" } },
          required: ["price"],
          additionalProperties: false,
        },
      },
    });
    expect(run.validationIssues?.length).toBeGreaterThan(0);
    // The first answer and its repair turn.
    expect(run.metrics).toMatchObject({ llmCalls: 2, inputTokens: 80, outputTokens: 8 });
  });

  it("keep what the model saw of a cancelled run: the request it was waiting for", async () => {
    model.enqueue({ hang: true });
    const run = client.call("extract.run", { runId: "held", instruction: "the page's purpose, slowly" });
    run.catch(() => {});
    await expect.poll(() => model.requests.at(-1)?.text() ?? "").toContain("the page's purpose, slowly");
    await client.call("extract.cancel", { runId: "held" });
    await expect(run).rejects.toThrow(/cancelled/);
    const held = () => added.find((r) => r.input["runId"] === "held");
    await expect.poll(held).toBeDefined();
    const [call, ...more] = held()?.transcript?.calls ?? [];
    expect(more).toEqual([]);
    expect(call).toMatchObject({ kind: "text", repair: false, error: expect.any(String) });
    expect(call).not.toHaveProperty("response");
    expect(JSON.stringify(call?.messages)).toContain("the page's purpose, slowly");
  });
});
