import { accessSync, constants, existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** Where the Electron binary is, or why there is none and what gets one. */
export type ElectronBinary = { found: true; path: string } | { found: false; reason: string; remedy: string };

/**
 * Finds the Electron binary the way the `electron` package's own index.js does (its `path.txt`, under
 * `dist/`, or under ELECTRON_OVERRIDE_DIST_PATH), without requiring that index: it throws when the
 * package's download never ran, which is the normal case on a machine without internet (the install
 * script is never approved in this repository).
 */
export function findElectronBinary(env: NodeJS.ProcessEnv = process.env): ElectronBinary {
  let packageDir: string;
  try {
    packageDir = dirname(createRequire(import.meta.url).resolve("electron/package.json"));
  } catch {
    return {
      found: false,
      reason: "the electron package is not installed",
      remedy: "install it with `npm install --save-dev electron -w @loupe/studio`",
    };
  }
  const pathFile = join(packageDir, "path.txt");
  const relative = existsSync(pathFile) ? readFileSync(pathFile, "utf8").trim() : undefined;
  const override = env["ELECTRON_OVERRIDE_DIST_PATH"];
  const binary = override
    ? join(override, relative || "electron")
    : relative
      ? join(packageDir, "dist", relative)
      : undefined;
  if (binary && isExecutable(binary)) return { found: true, path: binary };
  return {
    found: false,
    reason: binary ? `${binary} is not an executable file` : "its download never ran",
    remedy: `download it once with \`node ${join(packageDir, "install.js")}\` (needs internet)`,
  };
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
