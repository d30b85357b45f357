import { describe, expect, it } from "vitest";
import type { RunRecord, StudioClient } from "@loupe/studio/common";
import type { StudioAction } from "../state/studio-state.js";
import { rerun, workspacePatchFor } from "./rerun.js";

const ACT_RUN: RunRecord = {
  id: "r1",
  kind: "act",
  startedAt: new Date(0).toISOString(),
  url: "http://127.0.0.1:1/sign-in",
  input: { instruction: "fill in %pw%", variableNames: ["pw"] },
  outcome: { ok: true, output: { success: true, message: 'Fill on textbox "Password" [0-5]: filled it' } },
};

/** A client that records the calls a rerun makes. */
function recordingClient(): { client: StudioClient; calls: [string, unknown][] } {
  const calls: [string, unknown][] = [];
  const client = {
    call: async (method: string, params: unknown) => {
      calls.push([method, params]);
      return {};
    },
  } as unknown as StudioClient;
  return { client, calls };
}

describe("rerun of an act with variables", () => {
  it("takes the values from the Act panel's rows", async () => {
    const { client, calls } = recordingClient();
    const actions: StudioAction[] = [];
    await rerun(ACT_RUN, client, (action) => actions.push(action), [{ name: "pw", value: "hunter22" }]);
    expect(calls).toEqual([
      ["session.navigate", { to: { url: ACT_RUN.url } }],
      ["act.run", { instruction: "fill in %pw%", variables: { pw: "hunter22" } }],
    ]);
  });

  it("without a value, adds an empty row for the name, runs nothing and says what to do", async () => {
    const { client, calls } = recordingClient();
    const actions: StudioAction[] = [];
    await expect(
      rerun(ACT_RUN, client, (action) => actions.push(action), [{ name: "user", value: "ada" }]),
    ).rejects.toThrow(
      "This act used %pw%: the history keeps variables' names, not their values. Enter the value under Variables in the Act panel, then rerun.",
    );
    expect(calls).toEqual([]);
    expect(actions).toContainEqual({
      type: "variables.set",
      variables: [
        { name: "user", value: "ada" },
        { name: "pw", value: "" },
      ],
    });
    expect(actions).toContainEqual({
      type: "workspace.load-run",
      patch: { url: ACT_RUN.url, act: { instruction: "fill in %pw%" } },
    });
  });

  it("an act without variables reruns with its instruction alone", async () => {
    const { client, calls } = recordingClient();
    await rerun({ ...ACT_RUN, input: { instruction: "click Save" } }, client, () => {}, []);
    expect(calls.at(-1)).toEqual(["act.run", { instruction: "click Save" }]);
  });

  it("an act with a timeout reruns with it, and shows it in the Act panel", async () => {
    const { client, calls } = recordingClient();
    const actions: StudioAction[] = [];
    const run = { ...ACT_RUN, input: { instruction: "click Save", options: { timeout: 3000 } } };
    await rerun(run, client, (action) => actions.push(action), []);
    expect(calls.at(-1)).toEqual(["act.run", { instruction: "click Save", options: { timeout: 3000 } }]);
    expect(actions).toContainEqual({
      type: "workspace.load-run",
      patch: { url: ACT_RUN.url, act: { instruction: "click Save", timeout: 3000 } },
    });
  });
});

describe("the workspace a rerun shows", () => {
  const extractRun = (input: Record<string, unknown>): RunRecord => ({
    ...ACT_RUN,
    kind: "extract",
    input: { runId: "x", instruction: "the books", options: { timeout: 3000 }, ...input },
  });

  it("is exactly what ran: zod source in zod mode, a JSON Schema in JSON mode, none as none", () => {
    const zod = "z.object({ title: z.string() })";
    expect(workspacePatchFor(extractRun({ schema: { kind: "zod", source: zod } }))).toEqual({
      url: ACT_RUN.url,
      instruction: "the books",
      options: { timeout: 3000 },
      schema: { mode: "zod", source: zod },
    });
    const json = { type: "object", properties: { title: { type: "string" } } };
    expect(workspacePatchFor(extractRun({ schema: { kind: "json", value: json } })).schema).toEqual({
      mode: "json",
      source: JSON.stringify(json, null, 2),
    });
    expect(workspacePatchFor(extractRun({})).schema).toEqual({ mode: "zod", source: "" });
  });
});
