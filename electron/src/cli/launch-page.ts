import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** A page on disk that forwards a browser to the Studio's launch address. */
export interface LaunchPage {
  /** The `file:` URL to open: it names a file, and carries no secret itself. */
  fileUrl: string;
  /** The page's path (in a directory of its own). */
  path: string;
  /** Removes the page and its directory; safe to call more than once. */
  remove(): Promise<void>;
}

/**
 * Writes a small HTML page that forwards to `launchUrl` (which carries the one-time launch code), so the
 * browser the launcher starts is given a file's name on its command line, not the code: a command line
 * is readable by every user of the machine, this file only by its owner (0600, in a fresh 0700
 * directory). The page forwards with a meta refresh and sends no referrer.
 */
export async function writeLaunchPage(launchUrl: string): Promise<LaunchPage> {
  const dir = await mkdtemp(join(tmpdir(), "loupe-studio-launch-"));
  // mkdtemp already makes it 0700; said again so a permissive umask or platform cannot widen it.
  await chmod(dir, 0o700);
  const path = join(dir, "open-studio.html");
  const target = escapeAttribute(launchUrl);
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="referrer" content="no-referrer">' +
    `<meta http-equiv="refresh" content="0; url=${target}">` +
    "<title>Loupe Studio</title></head>" +
    `<body><p>Opening Loupe Studio… <a href="${target}">Open it</a>.</p></body></html>\n`;
  // "wx": never through a file (or link) someone placed there first.
  await writeFile(path, html, { mode: 0o600, flag: "wx" });
  let removing: Promise<void> | undefined;
  return {
    fileUrl: pathToFileURL(path).href,
    path,
    remove: () => (removing ??= rm(dir, { recursive: true, force: true })),
  };
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
