/**
 * Bundles zod and the sandbox helpers into ONE classic script (dist/schema-sandbox/zod-sandbox.js) that
 * the schema sandbox evaluates inside each fresh vm context. A script, not a module: a vm context with no
 * module linker can only run scripts, and an IIFE leaves exactly one global, `LoupeSandbox`.
 */
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "rolldown";

const root = dirname(dirname(fileURLToPath(import.meta.url)));

await build({
  cwd: root,
  input: "src/node/schema-sandbox/zod-sandbox-entry.ts",
  platform: "neutral",
  output: {
    file: "dist/schema-sandbox/zod-sandbox.js",
    format: "iife",
    name: "LoupeSandbox",
    minify: true,
  },
  logLevel: "warn",
});
