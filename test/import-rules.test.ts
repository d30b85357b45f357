/**
 * The import rules of eslint.config.js, checked on the code they must refuse: each layer imports only
 * downward (core ← cloud ← studio ← cli), the command line reaches the other packages only through
 * their names, and a relative import that leaves its folder's allowed set fails in every folder.
 */
import { ESLint } from "eslint";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const eslint = new ESLint({ cwd: ROOT });
const IMPORT_RULES = new Set(["no-restricted-imports", "loupe/folder-boundaries"]);

/** The import-rule messages ESLint gives `code` as if it were the file at `path` (relative to the root). */
async function importProblems(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${path}` });
  return (result?.messages ?? [])
    .filter((message) => IMPORT_RULES.has(message.ruleId ?? ""))
    .map((message) => message.message);
}

describe("the import rules", () => {
  it("keep the command line on the other packages' names", async () => {
    expect(await importProblems("cli/src/probe.ts", 'export { Client } from "@loupe/core";\n')).toEqual([]);
    expect(
      await importProblems("cli/src/probe.ts", 'export { runCloudCommand } from "@loupe/cloud/cli";\n'),
    ).toEqual([]);
    expect(
      await importProblems("cli/src/probe.ts", 'export { Client } from "../../core/src/client/client.js";\n'),
    ).toContainEqual(expect.stringContaining("through their names"));
  });

  it("keep every package below the command line", async () => {
    const imports = 'export * from "@loupe/cli";\n';
    expect(await importProblems("core/src/probe.ts", imports)).toHaveLength(1);
    expect(await importProblems("cloud/src/probe.ts", imports)).toHaveLength(1);
    expect(await importProblems("electron/src/node/probe.ts", imports)).toHaveLength(1);
    expect(await importProblems("cloud/src/probe.ts", 'export * from "@loupe/studio/cli";\n')).toHaveLength(
      1,
    );
  });

  it("keep Loupe Cloud's contract zod-only, and let the Studio contract import nothing else of core", async () => {
    expect(await importProblems("core/src/protocol/probe.ts", 'export { z } from "zod";\n')).toEqual([]);
    expect(
      await importProblems("core/src/protocol/probe.ts", 'export { ClientError } from "../errors.js";\n'),
    ).toHaveLength(1);
    expect(
      await importProblems("core/src/protocol/probe.ts", 'export { readFile } from "node:fs/promises";\n'),
    ).toHaveLength(1);
    expect(
      await importProblems("electron/src/common/probe.ts", 'export * from "@loupe/core/protocol";\n'),
    ).toEqual([]);
    expect(
      await importProblems("electron/src/common/probe.ts", 'export * from "@loupe/core";\n'),
    ).toHaveLength(1);
    expect(
      await importProblems("electron/src/common/probe.ts", 'export * from "@loupe/core/engine";\n'),
    ).toHaveLength(1);
  });

  // One wrong and one right relative import per folder, as a file of that folder would write them.
  it.each([
    ["core/src/client/probe.ts", "../../../cloud/src/index.js", "../errors.js"],
    ["core/src/client/probe.ts", "../../../test/support/raw-http.js", "../protocol/index.js"],
    ["cloud/src/server/probe.ts", "../../../core/src/errors.js", "../fetch/index.js"],
    ["cli/src/probe.ts", "../../cloud/src/server/local-fetch.js", "./schema-file.js"],
    ["electron/src/common/probe.ts", "../node/studio-service.js", "./studio-error.js"],
    ["electron/src/common/api/probe.ts", "../../node/studio-service.js", "../studio-error.js"],
    ["electron/src/node/probe.ts", "../electron-main/main.js", "../common/studio-api.js"],
    ["electron/src/node/probe.ts", "../cli/studio-command.js", "./studio-context.js"],
    ["electron/src/electron-main/probe.ts", "../cli/studio-command.js", "../node/web-studio.js"],
    ["electron/src/preload/probe.ts", "../node/studio-service.js", "../common/studio-methods.js"],
    ["electron/src/cli/probe.ts", "../electron-main/main.js", "../node/web-studio.js"],
    ["renderer/src/probe.ts", "../../electron/src/common/index.js", "./state/workspace.js"],
    ["bench/probe.ts", "../electron/src/electron-main/main.js", "../core/src/index.js"],
    ["test/probe.test.ts", "../electron/src/preload/preload.cjs", "../electron/src/node/studio-service.js"],
    ["examples/serverless/api/probe.ts", "../../../core/src/index.js", "./run.js"],
  ])("%s: a relative import of %s fails lint, one of %s passes", async (file, wrong, right) => {
    const problems = await importProblems(file, `export * from "${wrong}";\n`);
    expect(problems).toContainEqual(expect.stringContaining(`by path (${wrong})`));
    expect(await importProblems(file, `export * from "${right}";\n`)).toEqual([]);
    // A dynamic import is held to the same rule.
    expect(await importProblems(file, `export const m = () => import("${wrong}");\n`)).toContainEqual(
      expect.stringContaining(`by path (${wrong})`),
    );
  });

  it("let a test file reach the shared test support, and not its production neighbours", async () => {
    const support = 'export * from "../../../test/support/raw-http.js";\n';
    expect(await importProblems("core/src/demo/probe.test.ts", support)).toEqual([]);
    expect(await importProblems("core/src/demo/probe.ts", support)).toHaveLength(1);
  });

  it("keep Electron out of the bench and the system tests, and the example on @loupe/core", async () => {
    expect(await importProblems("test/probe.test.ts", 'export { app } from "electron";\n')).toHaveLength(1);
    expect(await importProblems("bench/probe.ts", 'export { app } from "electron";\n')).toHaveLength(1);
    expect(
      await importProblems("examples/serverless/api/probe.ts", 'export * from "@loupe/cloud";\n'),
    ).toHaveLength(1);
    expect(
      await importProblems("examples/serverless/api/probe.ts", 'export * from "@loupe/core";\n'),
    ).toEqual([]);
  });
});
