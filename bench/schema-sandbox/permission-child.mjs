/**
 * The candidate the schema sandbox was measured against (bench only): a Node child process under the
 * permission model (`--experimental-permission`, nothing allowed but reading this file and the zod
 * bundle), evaluating each prepared script in a fresh `node:vm` context with the zod bundle. One request
 * per line on stdin, one JSON answer per line on stdout. Node 20's permission model does not restrict
 * the network, which is one reason it lost; see SECURITY.md.
 */
import { readFileSync } from "node:fs";
import process from "node:process";
import { createInterface } from "node:readline";
import vm from "node:vm";

const zod = new vm.Script(readFileSync(process.argv[2], "utf8"), { filename: "zod-sandbox.js" });
for await (const line of createInterface({ input: process.stdin })) {
  const { script } = JSON.parse(line);
  let answer;
  try {
    const context = vm.createContext(Object.create(null), {
      codeGeneration: { strings: false, wasm: false },
    });
    zod.runInContext(context, { timeout: 1000 });
    vm.runInContext("var z = LoupeSandbox.z; var __loupeSchema;", context);
    vm.runInContext(script, context, { timeout: 1000, filename: "schema.ts" });
    answer = vm.runInContext(
      'LoupeSandbox.describeSchema(typeof schema !== "undefined" ? schema : __loupeSchema)',
      context,
      { timeout: 1000 },
    );
  } catch (error) {
    answer = JSON.stringify({ ok: false, message: String(error) });
  }
  process.stdout.write(`${answer}\n`);
}
