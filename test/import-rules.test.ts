/**
 * The import rules of eslint.config.js, checked on the code they must refuse: each layer imports only
 * downward (core ← cloud ← studio ← cli), and the command line reaches the other packages only through
 * their names.
 */
import { ESLint } from "eslint";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

/** The import-rule messages ESLint gives `code` as if it were the file at `path` (relative to the root). */
async function importProblems(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${path}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === "no-restricted-imports")
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
    ).toEqual([expect.stringContaining("through their names")]);
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
});
