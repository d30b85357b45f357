import { afterAll, describe, expect, it } from "vitest";
import { SchemaSandbox } from "./schema-sandbox.js";

// Runs against the built worker and zod bundle (`npm run build -w electron`), as the Studio does.
describe("SchemaSandbox", () => {
  const sandbox = new SchemaSandbox({ timeoutMs: 500, graceMs: 1000 });
  afterAll(() => sandbox.close());

  it("turns a zod expression into draft-07 JSON Schema", async () => {
    const result = await sandbox.evaluate(`z.object({ title: z.string(), url: z.string().url() })`);
    expect(result).toMatchObject({
      ok: true,
      jsonSchema: {
        $schema: "http://json-schema.org/draft-07/schema#",
        type: "object",
        properties: { title: { type: "string" }, url: { type: "string", format: "uri" } },
      },
    });
  });

  it("takes `const schema = …` with an import and type annotations", async () => {
    const source = [
      `import { z } from "zod";`,
      `const price: z.ZodString = z.string();`,
      `export const schema = z.object({ price });`,
      `z.number(); // a later expression does not win over \`schema\``,
    ].join("\n");
    const result = await sandbox.evaluate(source);
    expect(result).toMatchObject({ ok: true, jsonSchema: { properties: { price: { type: "string" } } } });
  });

  it("takes `export default`", async () => {
    const result = await sandbox.evaluate(`export default z.array(z.number());`);
    expect(result).toMatchObject({ ok: true, jsonSchema: { type: "array", items: { type: "number" } } });
  });

  it("reports a syntax error with its position", async () => {
    const result = await sandbox.evaluate(`z.object({\n  title: z.string(,\n})`);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues[0]).toMatchObject({
      line: 2,
      message: expect.stringMatching(/expression expected/i),
    });
    expect(result.issues[0]?.column).toBeGreaterThan(0);
  });

  it("reports a runtime error with its line", async () => {
    const result = await sandbox.evaluate(`const a = 1;\nconst schema = z.object(undefinedThing);`);
    expect(result).toMatchObject({
      ok: false,
      issues: [{ line: 2, message: expect.stringMatching(/undefinedThing/) }],
    });
  });

  it("says when the code produces no schema", async () => {
    const result = await sandbox.evaluate(`const x = 1;`);
    expect(result).toMatchObject({ ok: false, issues: [{ message: expect.stringMatching(/no schema/) }] });
  });

  it("refuses imports other than zod", async () => {
    const result = await sandbox.evaluate(`import fs from "node:fs";\nz.string()`);
    expect(result).toMatchObject({
      ok: false,
      issues: [{ line: 1, message: expect.stringMatching(/Only zod/) }],
    });
  });

  it("stops an endless loop within the time limit and keeps working after", async () => {
    const started = performance.now();
    const result = await sandbox.evaluate(`while (true) {}`);
    expect(performance.now() - started).toBeLessThan(1500);
    expect(result).toMatchObject({ ok: false, issues: [{ message: expect.stringMatching(/time limit/) }] });
    await expect(sandbox.evaluate(`z.boolean()`)).resolves.toMatchObject({ ok: true });
  });

  it("stops an endless promise chain", async () => {
    const result = await sandbox.evaluate(
      `Promise.resolve().then(function f(): unknown { return Promise.resolve().then(f); });`,
    );
    expect(result).toMatchObject({ ok: false, issues: [{ message: expect.stringMatching(/time limit/) }] });
  });

  it("kills the worker for a runaway the vm limit cannot see", async () => {
    // The getter runs when the sandbox's own side reads the thrown value, outside `runInContext`.
    const source = `throw new Proxy({}, { getPrototypeOf() { for (;;) {} } });`;
    const started = performance.now();
    const result = await sandbox.evaluate(source);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(result.ok).toBe(false);
    await expect(sandbox.evaluate(`z.string()`)).resolves.toMatchObject({ ok: true });
  });

  it.each([
    ["process", `const schema = z.literal(String(process.pid));`],
    ["require", `const schema = z.literal(String(require("node:fs")));`],
    ["fetch", `const schema = z.literal(String(fetch));`],
    [
      "the Function constructor",
      `const schema = z.literal(String(globalThis.constructor.constructor("return process")()));`,
    ],
    [
      "zod's Function",
      `const schema = z.literal(String(z.string().constructor.constructor("return process")()));`,
    ],
    ["eval", `const schema = z.literal(String(eval("1")));`],
    ["the DOM", `const schema = z.literal(String(document.title));`],
  ])("gives no way to %s", async (_name, source) => {
    const result = await sandbox.evaluate(source);
    expect(result.ok).toBe(false);
  });

  it("refuses a dynamic import", async () => {
    const result = await sandbox.evaluate(`import("node:fs").then((fs) => fs);\nz.string()`);
    // The import is refused inside; the schema after it still evaluates, and nothing escaped.
    expect(result).toMatchObject({ ok: true, jsonSchema: { type: "string" } });
  });

  it("has only zod and the language's own globals", async () => {
    const source = `const schema = z.enum(Object.getOwnPropertyNames(globalThis).filter((k) => !/^[A-Z]|^(?:globalThis|undefined|NaN|Infinity|eval|isFinite|isNaN|parseFloat|parseInt|decodeURI|decodeURIComponent|encodeURI|encodeURIComponent|escape|unescape)$/.test(k)) as [string]);`;
    const result = await sandbox.evaluate(source);
    expect(result).toMatchObject({ ok: true });
    if (!result.ok) return;
    // zod's two registry globals, and V8's own `console` (wired to the inspector only, prints nothing).
    expect((result.jsonSchema["enum"] as string[]).sort()).toEqual([
      "__loupeSchema",
      "__zod_globalConfig",
      "__zod_globalRegistry",
      "console",
      "z",
    ]);
  });
});
