#!/usr/bin/env node
// The `loupe` command. npm links a package's bin when it installs it, before anything is built, so the
// bin is this committed file: it loads the built command line (../dist) and, where that build (or the
// build of a package it loads) is missing, says in one line how to make it instead of a stack trace.
import process from "node:process";

const NOT_BUILT =
  "loupe: the command is not built yet: run `npm run build` at the root of the Loupe checkout, then try again.\n";

try {
  await import("../dist/main.js");
} catch (error) {
  if (error?.code !== "ERR_MODULE_NOT_FOUND" || !/[\\/]dist[\\/]/.test(String(error.message))) throw error;
  process.stderr.write(NOT_BUILT);
  process.exitCode = 1;
}
