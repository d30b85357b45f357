import type { RunRecord } from "@loupe/studio/common";
import { describe, expect, it } from "vitest";
import { navigateStep, stepsFromRun, stepSummary, waitStep } from "./flow-step.js";

const run = (kind: RunRecord["kind"], input: Record<string, unknown>, url = "https://shop.example/books") =>
  ({
    id: "r1",
    kind,
    startedAt: new Date(0).toISOString(),
    url,
    input,
    outcome: { ok: true, output: null },
  }) satisfies RunRecord;

describe("a run added to a flow", () => {
  it("becomes a navigate to its page, then the step with the params it ran with (no runId)", () => {
    const steps = stepsFromRun(run("extract", { runId: "x", instruction: "the books" }), { steps: [] });
    expect(steps.map((step) => [step.kind, step.params])).toEqual([
      ["navigate", { url: "https://shop.example/books" }],
      ["extract", { instruction: "the books" }],
    ]);
  });

  it("needs no navigate when the flow already ends on the run's page", () => {
    const flow = { steps: [navigateStep("https://shop.example/books"), waitStep(100)] };
    const steps = stepsFromRun(run("act", { instruction: "open the first book", variableNames: [] }), flow);
    expect(steps.map((step) => step.kind)).toEqual(["act"]);
  });

  it("navigates again after an act, which may have left the page", () => {
    const flow = {
      steps: [
        navigateStep("https://shop.example/books"),
        ...stepsFromRun(run("act", { instruction: "next page" }), { steps: [] }),
      ],
    };
    expect(stepsFromRun(run("extract", {}), flow).map((step) => step.kind)).toEqual(["navigate", "extract"]);
  });

  it("adds a fetch alone: it reads no tab", () => {
    const steps = stepsFromRun(
      run("fetch", { url: "https://shop.example/", format: "raw" }, "https://shop.example/"),
      { steps: [] },
    );
    expect(steps.map((step) => step.kind)).toEqual(["fetch"]);
  });

  it("refuses kept params the method no longer takes, naming the field", () => {
    expect(() => stepsFromRun(run("act", { instruction: "" }), { steps: [] })).toThrow(
      /^This act run cannot be a step: params\.instruction: /,
    );
  });

  it("reads as a few words in the list", () => {
    expect(stepSummary(waitStep(250))).toBe("wait 250 ms");
    expect(stepSummary(stepsFromRun(run("extract", {}), { steps: [] })[1]!)).toBe("extract the page text");
  });
});
