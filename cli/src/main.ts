import { readFileSync } from "node:fs";
import { ClientError } from "@loupe/core";
import { EXTRACT_USAGE, runExtractCommand } from "./extract-command.js";
import { runFetchCommand } from "./fetch-command.js";
import { keepServingThroughStrayErrors } from "./server-process-guards.js";

const USAGE = `Loupe: get data out of web pages with a language model.

Usage: loupe <command> [options]

Commands:
  extract <url> [instruction]   read a page and print its text, an answer, or schema-shaped data as JSON
  fetch <url>                   fetch a URL over plain HTTP as raw, markdown or json (through Loupe Cloud)
  cloud serve | cloud keys      run Loupe Cloud, manage its API keys
  studio [--web] [--port N]     open Loupe Studio, the desktop app; --web: in a browser

Run \`loupe <command> --help\` for a command's options.

${EXTRACT_USAGE}`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case "extract":
      return runExtractCommand(rest);
    case "fetch":
      return runFetchCommand(rest);
    // The servers and the Studio are loaded only for their own commands: `loupe extract` starts faster
    // without Fastify, SQLite and the Studio service in memory.
    case "cloud": {
      const { runCloudCommand } = await import("@loupe/cloud/cli");
      if (rest[0] === "serve") keepServingThroughStrayErrors("cloud serve");
      return runCloudCommand(rest);
    }
    case "studio": {
      const { runStudioCommand } = await import("@loupe/studio/cli");
      keepServingThroughStrayErrors("studio");
      return runStudioCommand(rest);
    }
    case "--version":
    case "-v": {
      const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
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
