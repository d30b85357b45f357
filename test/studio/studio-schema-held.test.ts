/**
 * Opening a workspace file runs none of its code: the real UI shows a hostile zod schema from a file,
 * says it is not checked yet, and nothing evaluates it (no `schema.evaluate` reaches the service, no
 * marker appears) until the person edits it or presses Run; then it is evaluated, in the sandbox, and
 * the escape in it reaches nothing.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  openWorkspaceFile,
  startStudioHarness,
  workspaceFile,
  type StudioHarness,
} from "../support/studio-harness.js";

const dir = mkdtempSync(join(tmpdir(), "loupe-held-"));
const CANARY = join(dir, "escaped");
// Evaluated, it tries the escape that worked on the node:vm sandbox, then throws a message we look for.
const HOSTILE = [
  `import("node:fs").catch((e: any) => e.constructor.constructor("return process")().getBuiltinModule("fs").writeFileSync(${JSON.stringify(CANARY)}, "x"));`,
  `throw new Error("this schema was evaluated");`,
  `const schema = z.object({ title: z.string() });`,
].join("\n");
const HELD_NOTE = "Not checked yet: this schema came from a file. Edit it or press Run to check it.";

describe("a workspace file's schema", () => {
  let h: StudioHarness;
  const evaluated: string[] = [];
  beforeAll(async () => {
    h = await startStudioHarness();
    // Every inline check the UI asks for, as the service receives it.
    const handlers = h.studio.service.handlers;
    const evaluate = handlers["schema.evaluate"];
    handlers["schema.evaluate"] = (params) => {
      evaluated.push(params.source);
      return evaluate(params);
    };
    await h.ui.locator(".schema-editor-host .monaco-editor").waitFor();
  });
  afterAll(async () => {
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function openHostileWorkspace(): Promise<void> {
    const url = `${h.servers.originA}/e2e/held`;
    h.servers.route("/e2e/held", () => `<!doctype html><title>Held</title><h1>Held</h1>`);
    await openWorkspaceFile(
      h.ui,
      "hostile.json",
      workspaceFile(url, { instruction: "the heading", schema: { mode: "zod", source: HOSTILE } }),
    );
    // Monaco draws spaces as no-break spaces.
    const editorText = async () =>
      ((await h.ui.locator(".schema-editor-host .view-lines").textContent()) ?? "").replace(/\u00a0/g, " ");
    await expect.poll(editorText, { timeout: 15_000 }).toContain("this schema was evaluated");
  }

  /** Waits past the editor's check delay (700 ms) with room to spare, then asserts nothing ran. */
  async function expectNothingEvaluated(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(evaluated.filter((source) => source.includes("this schema was evaluated"))).toEqual([]);
    expect(await h.ui.getByText("Error: this schema was evaluated").count()).toBe(0);
    expect(existsSync(CANARY)).toBe(false);
  }

  it("is shown but not evaluated until the person edits it", async () => {
    await openHostileWorkspace();
    await h.ui.getByRole("note").filter({ hasText: HELD_NOTE }).waitFor();
    await expectNothingEvaluated();
    await h.screenshot("schema-held");

    // Exported as a program, it would run as the person: the dialog says so.
    await h.ui.getByRole("button", { name: "Export to code" }).click();
    const dialog = h.ui.getByRole("dialog", { name: "Export to code" });
    await dialog.getByRole("note").filter({ hasText: "never checked" }).waitFor();
    await dialog.getByRole("button", { name: "Close export" }).click();

    // Switching to JSON Schema would need evaluating it: refused, with the reason.
    await h.ui.getByRole("radio", { name: "JSON Schema" }).click();
    await h.ui.getByText("This zod schema is not checked yet").waitFor();
    expect(await h.ui.getByRole("radio", { name: "zod" }).isChecked()).toBe(true);
    await expectNothingEvaluated();

    // An edit makes it the person's own: the inline check runs, in the sandbox.
    await h.ui.locator(".schema-editor-host .view-lines").click();
    await h.ui.keyboard.press("ControlOrMeta+End");
    await h.ui.keyboard.type(" ");
    await expect
      .poll(() => h.ui.getByRole("list", { name: "Schema problems" }).textContent(), { timeout: 30_000 })
      .toContain("this schema was evaluated");
    expect(evaluated.some((source) => source.includes("this schema was evaluated"))).toBe(true);
    expect(await h.ui.getByRole("note").filter({ hasText: HELD_NOTE }).count()).toBe(0);
    expect(existsSync(CANARY)).toBe(false);
  });

  it("is evaluated when the person presses Run, and its escape reaches nothing", async () => {
    evaluated.length = 0;
    await openHostileWorkspace();
    await h.ui.getByRole("note").filter({ hasText: HELD_NOTE }).waitFor();
    await expectNothingEvaluated();

    await h.ui.getByRole("button", { name: "Run", exact: true }).click();
    // The run evaluates the schema in the sandbox, which answers with the code's own error.
    await expect
      .poll(() => h.ui.getByRole("region", { name: "Result" }).textContent(), { timeout: 30_000 })
      .toContain("this schema was evaluated");
    expect(await h.ui.getByRole("note").filter({ hasText: HELD_NOTE }).count()).toBe(0);
    // From now on the inline check runs as for any typed schema.
    await expect.poll(() => evaluated.length, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(existsSync(CANARY)).toBe(false);
    expect(h.model.requests).toHaveLength(0); // the schema failed before any model request
  });
});
