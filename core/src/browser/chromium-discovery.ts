import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";
import { ClientError } from "../errors.js";

/** Where Chrome and Chromium usually live, per platform, in the order they are tried. */
const WELL_KNOWN_PATHS: Record<string, string[]> = {
  linux: [
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
    "/usr/bin/google-chrome-stable",
    "/snap/bin/chromium",
    "/opt/google/chrome/chrome",
  ],
  darwin: [
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
    "/Applications/Chromium.app/Contents/MacOS/Chromium",
    "/Applications/Google Chrome Canary.app/Contents/MacOS/Google Chrome Canary",
  ],
  win32: [
    join(process.env["PROGRAMFILES"] ?? "C:\\Program Files", "Google\\Chrome\\Application\\chrome.exe"),
    join(
      process.env["PROGRAMFILES(X86)"] ?? "C:\\Program Files (x86)",
      "Google\\Chrome\\Application\\chrome.exe",
    ),
    join(process.env["LOCALAPPDATA"] ?? "", "Google\\Chrome\\Application\\chrome.exe"),
    join(process.env["LOCALAPPDATA"] ?? "", "Chromium\\Application\\chrome.exe"),
  ],
};

const PATH_NAMES = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome"];

/** How a person gets a browser Loupe can drive, for the error when none is found. */
const INSTALL_HINT =
  "Install Chromium or Chrome (Debian/Ubuntu: `sudo apt-get install chromium`; macOS: `brew install --cask chromium`), " +
  "or point Loupe at one with `localBrowser.executablePath` or the LOUPE_CHROMIUM_PATH environment variable.";

/**
 * Finds the Chromium to launch: `explicitPath` (from `localBrowser.executablePath`), else
 * `LOUPE_CHROMIUM_PATH`, else an installed Chrome/Chromium in the usual places or on PATH.
 * Throws a `ClientError` that says how to install one when none is found.
 */
export function findChromium(
  explicitPath: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  if (explicitPath) {
    if (!isExecutable(explicitPath))
      throw new ClientError(
        `localBrowser.executablePath "${explicitPath}" is not an executable file. ${INSTALL_HINT}`,
      );
    return explicitPath;
  }
  const fromEnv = env["LOUPE_CHROMIUM_PATH"];
  if (fromEnv) {
    if (!isExecutable(fromEnv))
      throw new ClientError(`LOUPE_CHROMIUM_PATH "${fromEnv}" is not an executable file. ${INSTALL_HINT}`);
    return fromEnv;
  }
  for (const candidate of [...(WELL_KNOWN_PATHS[platform] ?? []), ...onPath(env["PATH"] ?? "")]) {
    if (isExecutable(candidate)) return candidate;
  }
  throw new ClientError(`No Chrome or Chromium was found on this machine. ${INSTALL_HINT}`);
}

function onPath(pathVariable: string): string[] {
  return pathVariable
    .split(delimiter)
    .filter(Boolean)
    .flatMap((dir) => PATH_NAMES.map((name) => join(dir, name)));
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
