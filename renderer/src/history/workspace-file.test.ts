import { describe, expect, it } from "vitest";
import { newWorkspace } from "../state/workspace.js";
import { parseWorkspaceFile, serializeWorkspace } from "./workspace-file.js";

describe("workspace files", () => {
  const workspace = newWorkspace("http://127.0.0.1:1/demo");

  it("round-trips a workspace through its plain JSON file", () => {
    const text = serializeWorkspace(workspace);
    const { flow: _flow, ...withoutFlow } = workspace;
    // An empty flow is not written, so the file also opens in a Studio from before flows.
    expect(JSON.parse(text)).toEqual(withoutFlow);
    expect(parseWorkspaceFile(text)).toEqual({ ok: true, workspace });
  });

  it("names the field that is wrong", () => {
    const bad = { ...workspace, fetch: { ...workspace.fetch, format: "pdf" } };
    const result = parseWorkspaceFile(JSON.stringify(bad));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/^This is not a Loupe workspace: fetch\.format: /);
  });

  it("names an unknown field and a missing one", () => {
    const { instruction: _gone, ...rest } = workspace;
    const result = parseWorkspaceFile(JSON.stringify({ ...rest, instrction: "typo" }));
    expect(!result.ok && result.error).toContain("instruction: ");
    expect(!result.ok && result.error).toContain("unknown field instrction");
  });

  it("says when the file is not JSON at all", () => {
    expect(parseWorkspaceFile("{ nope")).toMatchObject({ ok: false, error: /^The file is not JSON: / });
  });
});

describe("a workspace's flow", () => {
  const workspace = newWorkspace("http://127.0.0.1:1/demo");
  const withSteps = (steps: unknown[]) => JSON.stringify({ ...workspace, flow: { steps } });

  it("opens a file saved before flows with an empty flow", () => {
    const { flow: _none, ...older } = workspace;
    expect(parseWorkspaceFile(JSON.stringify(older))).toEqual({ ok: true, workspace });
  });

  it("round-trips every kind of step with its params", () => {
    const steps = [
      { id: "a", kind: "navigate", params: { url: "https://shop.example/books" } },
      { id: "b", kind: "wait", params: { ms: 500 } },
      {
        id: "c",
        kind: "extract",
        params: { instruction: "the books", schema: { kind: "zod", source: "z.object({})" } },
      },
      { id: "d", kind: "act", params: { instruction: "type %q% in search", variableNames: ["q"] } },
      {
        id: "e",
        kind: "fetch",
        params: { url: "https://shop.example/", format: "markdown", proxies: false },
      },
    ];
    const opened = parseWorkspaceFile(withSteps(steps));
    expect(opened.ok && opened.workspace.flow.steps.map((step) => step.kind)).toEqual([
      "navigate",
      "wait",
      "extract",
      "act",
      "fetch",
    ]);
    if (!opened.ok) throw new Error(opened.error);
    expect(parseWorkspaceFile(serializeWorkspace(opened.workspace))).toEqual(opened);
  });

  it("gives a hand-written step without an id one", () => {
    const opened = parseWorkspaceFile(withSteps([{ kind: "wait", params: { ms: 10 } }]));
    expect(opened.ok && opened.workspace.flow.steps[0]?.id).toMatch(/^[\w-]{8,}$/);
  });

  it("names the step and the param that is wrong", () => {
    const result = parseWorkspaceFile(
      withSteps([
        { kind: "navigate", params: { url: "https://shop.example/" } },
        { kind: "wait", params: { ms: -5 } },
      ]),
    );
    expect(!result.ok && result.error).toMatch(
      /^This is not a Loupe workspace: flow step 2 \(wait\): params\.ms: /,
    );
  });

  it("names a step of an unknown kind and says which kinds there are", () => {
    const result = parseWorkspaceFile(withSteps([{ kind: "click", params: {} }]));
    expect(!result.ok && result.error).toBe(
      'This is not a Loupe workspace: flow step 1: kind is "click"; a step is one of navigate, extract, act, fetch, wait',
    );
  });

  it("refuses what the service would refuse: a navigate off the web, act variables with values", () => {
    const file = withSteps([{ kind: "navigate", params: { url: "file:///etc/passwd" } }]);
    expect(parseWorkspaceFile(file)).toMatchObject({
      ok: false,
      error: /flow step 1 \(navigate\): params\.url: /,
    });
    const values = withSteps([
      { kind: "act", params: { instruction: "log in", variables: { password: "hunter2" } } },
    ]);
    expect(parseWorkspaceFile(values)).toMatchObject({
      ok: false,
      error: /flow step 1 \(act\): params: unknown field variables/,
    });
  });
});
