#!/usr/bin/env node
import { readFileSync } from "node:fs";
import { ClientError } from "../errors.js";
import { EXTRACT_USAGE, runExtractCommand } from "./extract-command.js";
import { runFetchCommand } from "./fetch-command.js";
import { importOptionalPackage } from "./optional-package.js";

const USAGE = `Loupe: get data out of web pages with a language model.

Usage: loupe <command> [options]

Commands:
  extract <url> [instruction]   read a page and print its text, an answer, or schema-shaped data as JSON
  fetch <url>                   fetch a URL over plain HTTP as raw, markdown or json (through Loupe Cloud)
  cloud serve | cloud keys      run Loupe Cloud, manage its API keys (needs @loupe/cloud)
  studio [--web] [--port N]     open Loupe Studio, the desktop app; --web: in a browser (needs @loupe/studio)

Run \`loupe <command> --help\` for a command's options.

${EXTRACT_USAGE}`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case "extract":
      return runExtractCommand(rest);
    case "fetch":
      return runFetchCommand(rest);
    case "cloud": {
      const { runCloudCommand } = await importOptionalPackage<{
        runCloudCommand(argv: string[]): Promise<number>;
      }>("@loupe/cloud/cli", "@loupe/cloud", "cloud");
      return runCloudCommand(rest);
    }
    case "studio": {
      const { runStudioCommand } = await importOptionalPackage<{
        runStudioCommand(argv: string[]): Promise<number>;
      }>("@loupe/studio/cli", "@loupe/studio", "studio");
      return runStudioCommand(rest);
    }
    case "--version":
    case "-v": {
      const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
        version: string;
      };
      process.stdout.write(`${pkg.version}\n`);
      return 0;
    }
    case undefined:
    case "help":
    case "--help":
    case "-h":
      process.stdout.write(USAGE);
      return command === undefined ? 1 : 0;
    default:
      process.stderr.write(`loupe: unknown command "${command}".\n\n${USAGE}`);
      return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // Loupe's own errors carry a message meant for the user; anything else is a bug worth its stack.
    const text =
      error instanceof ClientError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")
        ? `loupe: ${(error as Error).message}`
        : error instanceof Error
          ? (error.stack ?? error.message)
          : String(error);
    process.stderr.write(`${text}\n`);
    process.exitCode = 1;
  },
);
