import { afterAll, describe, expect, it } from "vitest";
import { SchemaSandbox } from "./schema-sandbox.js";

// Runs against the built worker and zod bundle (`npm run build -w electron`), as the Studio does.
describe("SchemaSandbox", () => {
  // The time limit is wall-clock time: on a machine loaded by other suites a plain schema can take long,
  // so only the limit tests use a short one.
  const sandbox = new SchemaSandbox({ timeoutMs: 5000 });
  const limited = new SchemaSandbox({ timeoutMs: 1000, graceMs: 1500 });
  afterAll(() => Promise.all([sandbox.close(), limited.close()]));

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

  it("stops an endless loop at the time limit and keeps working after", async () => {
    const result = await limited.evaluate(
      `for (;;) { try { while (true) {} } catch { /* cannot catch it */ } }`,
    );
    expect(result).toMatchObject({ ok: false, issues: [{ message: expect.stringMatching(/time limit/) }] });
    await expect(limited.evaluate(`z.boolean()`)).resolves.toMatchObject({ ok: true });
  });

  it("stops an endless promise chain", async () => {
    const result = await limited.evaluate(
      `Promise.resolve().then(function f(): unknown { return Promise.resolve().then(f); });`,
    );
    // Each link waits on the next, so the chain also grows the heap: on an idle machine the memory limit
    // comes first, on a loaded one the time limit. Either way it is stopped with a clear message.
    expect(result).toMatchObject({
      ok: false,
      issues: [{ message: expect.stringMatching(/time limit|MB of memory/) }],
    });
    await expect(limited.evaluate(`z.string()`)).resolves.toMatchObject({ ok: true });
  });

  it("reads a promise left rejected as the error it was rejected with", async () => {
    const result = await sandbox.evaluate(`Promise.reject(new Error("no schema today"))`);
    expect(result).toMatchObject({
      ok: false,
      issues: [{ message: expect.stringMatching(/no schema today/) }],
    });
  });

  it("stops a regular expression that backtracks without end", async () => {
    const result = await limited.evaluate(`/^(a+)+$/.test("a".repeat(40) + "b");\nz.string()`);
    expect(result).toMatchObject({ ok: false, issues: [{ message: expect.stringMatching(/time limit/) }] });
  });

  it("bounds a runaway getter on a thrown value by the same limit", async () => {
    const result = await limited.evaluate(`throw new Proxy({}, { getPrototypeOf() { for (;;) {} } });`);
    expect(result).toMatchObject({ ok: false, issues: [{ message: expect.stringMatching(/time limit/) }] });
    await expect(limited.evaluate(`z.string()`)).resolves.toMatchObject({ ok: true });
  });

  it.each([
    ["one huge string", `const s = "x".repeat(2 ** 28);`],
    [
      "an array that grows without end",
      `const a: number[][] = []; for (;;) a.push(new Array(100_000).fill(1));`,
    ],
    [
      "allocations it catches and retries",
      `const a: unknown[] = []; for (;;) { try { a.push(new Uint8Array(1_000_000)); } catch {} }`,
    ],
  ])("ends %s with a clear error and keeps working after", async (_name, source) => {
    const result = await limited.evaluate(`${source}\nz.string()`);
    // Which bound ends it first (the heap, or the clock while the heap fills) depends on the machine.
    expect(result).toMatchObject({
      ok: false,
      issues: [{ message: expect.stringMatching(/MB of memory|time limit|stopped/) }],
    });
    await expect(limited.evaluate(`z.string()`)).resolves.toMatchObject({ ok: true });
  });

  it("reports a recursion without end at its line", async () => {
    const result = await sandbox.evaluate(
      `const a = 1;\nfunction f(n: number): number { return f(n + 1) + 1; }\nf(0);`,
    );
    expect(result).toMatchObject({
      ok: false,
      issues: [{ line: 2, message: expect.stringMatching(/stack overflow/) }],
    });
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
    // zod's two registry globals, and a `console` that prints nowhere (the bundle's own `LoupeSandbox` is
    // filtered out with the language's capitalised globals).
    expect((result.jsonSchema["enum"] as string[]).sort()).toEqual([
      "__loupeSchema",
      "__zod_globalConfig",
      "__zod_globalRegistry",
      "console",
      "z",
    ]);
  });
});
