import { describe, expect, it } from "vitest";
import { newWorkspace } from "../state/workspace.js";
import { parseWorkspaceFile, serializeWorkspace } from "./workspace-file.js";

describe("workspace files", () => {
  const workspace = newWorkspace("http://127.0.0.1:1/demo");

  it("round-trips a workspace through its plain JSON file", () => {
    const text = serializeWorkspace(workspace);
    expect(JSON.parse(text)).toEqual(workspace);
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
