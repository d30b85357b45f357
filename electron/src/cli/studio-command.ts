import { parseArgs } from "node:util";
import { launchStudio } from "./studio-launcher.js";

export const STUDIO_USAGE = `Usage: loupe studio [--web] [--port N] [--no-open]

Opens Loupe Studio, the desktop app for designing schemas and trying instructions.
  --web       serve the Studio to a browser on 127.0.0.1 instead of opening the desktop window
              (also what happens when no Electron binary is installed)
  --port N    web mode's port (default: a free one)
  --no-open   web mode: print the address only, open no window

The web address carries a per-launch token (after #token=); only a page holding it can use the Studio.
Ctrl+C stops the Studio and everything it started.
`;

/** Runs `loupe studio …`; resolves with the exit code once the Studio has stopped. */
export async function runStudioCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      web: { type: "boolean" },
      port: { type: "string" },
      "no-open": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    process.stdout.write(STUDIO_USAGE);
    return 0;
  }
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!/^\d+$/.test(values.port ?? "0") || port > 65535) {
    process.stderr.write(`loupe studio: --port takes a port number (0–65535), not "${values.port}".\n`);
    return 1;
  }
  return launchStudio({ web: values.web === true, port, open: values["no-open"] !== true });
}
