import { StudioError, type StudioClient } from "@loupe/studio/common";
import { describe, expect, it } from "vitest";
import { failureText, runFlow, type StepState } from "./flow-runner.js";
import { navigateStep, waitStep, type FlowStep } from "./flow-step.js";

/** A client that answers each method from `answers` and records the calls in order. */
function fakeClient(answers: Record<string, (params: Record<string, unknown>) => unknown>) {
  const calls: [string, Record<string, unknown>][] = [];
  const client = {
    call: async (method: string, params: Record<string, unknown>) => {
      calls.push([method, params]);
      const answer = answers[method];
      if (!answer) throw new Error(`unexpected ${method}`);
      return answer(params);
    },
  } as unknown as StudioClient;
  return { client, calls };
}

const page = (url: string) => ({ pageId: "p", url, title: "Shop", active: true });
const extractStep = (instruction: string): FlowStep => ({
  id: instruction,
  kind: "extract",
  params: { instruction },
});

describe("running a flow", () => {
  it("runs the steps in order through their methods and keeps each step's result", async () => {
    const { client, calls } = fakeClient({
      "session.navigate": (p) => page((p["to"] as { url: string }).url),
      "extract.run": (p) => ({ runId: p["runId"], pageId: "p", url: "u", result: { n: 1 }, metrics: {} }),
    });
    const states: [number, StepState["status"]][] = [];
    const outcome = await runFlow(
      [navigateStep("https://shop.example/"), waitStep(1), extractStep("the books")],
      client,
      [],
      new AbortController().signal,
      (index, state) => states.push([index, state.status]),
    );
    expect(outcome).toEqual({ status: "done" });
    expect(calls.map(([method]) => method)).toEqual(["session.navigate", "extract.run"]);
    expect(calls[1]?.[1]).toMatchObject({ instruction: "the books", runId: expect.any(String) });
    expect(states).toEqual([
      [0, "running"],
      [0, "done"],
      [1, "running"],
      [1, "done"],
      [2, "running"],
      [2, "done"],
    ]);
  });

  it("stops at the first failure and says which step failed and why", async () => {
    const { client, calls } = fakeClient({
      "session.navigate": () => {
        throw new StudioError("navigation_failed", "The page did not load.");
      },
    });
    const steps = [navigateStep("https://shop.example/"), extractStep("the books")];
    const outcome = await runFlow(steps, client, [], new AbortController().signal, () => {});
    expect(outcome).toEqual({ status: "failed", step: 0, error: "The page did not load." });
    expect(calls).toHaveLength(1);
    if (outcome.status === "failed")
      expect(failureText(steps, outcome)).toBe(
        "Step 1 (navigate to https://shop.example/) failed: The page did not load.",
      );
  });

  it("fails an act that needs a variable with no value, before calling the model", async () => {
    const { client, calls } = fakeClient({});
    const act: FlowStep = { id: "a", kind: "act", params: { instruction: "type %q%", variableNames: ["q"] } };
    const outcome = await runFlow([act], client, [], new AbortController().signal, () => {});
    expect(outcome).toMatchObject({ status: "failed", step: 0, error: /%q%.*Variables in the Act panel/ });
    expect(calls).toHaveLength(0);
  });

  it("cancels: the step under way is asked to stop and no later step starts", async () => {
    const controller = new AbortController();
    let release: (value: unknown) => void = () => {};
    const { client, calls } = fakeClient({
      "extract.run": () => new Promise((resolve) => (release = resolve)),
      "extract.cancel": () => {
        release(undefined);
        throw new StudioError("cancelled", "Cancelled.");
      },
    });
    const running = runFlow([extractStep("slow"), waitStep(1)], client, [], controller.signal, () => {});
    await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    expect(await running).toEqual({ status: "cancelled", step: 0 });
    expect(calls.map(([method]) => method)).toEqual(["extract.run", "extract.cancel"]);
    expect(calls[1]?.[1]).toEqual({ runId: calls[0]?.[1]["runId"] });
  });

  it("ends a wait at once on Cancel", async () => {
    const controller = new AbortController();
    const { client } = fakeClient({});
    const started = Date.now();
    const running = runFlow([waitStep(60_000)], client, [], controller.signal, () => {});
    controller.abort();
    expect(await running).toEqual({ status: "cancelled", step: 0 });
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
