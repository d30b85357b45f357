/** The frames/shadow fixture of the end-to-end tests: frames, OOPIFs, open and closed shadow roots. */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { PageServers } from "../../test/support/page-server.js";
import { REPO_ROOT } from "../repo-paths.js";
import type { BenchPage } from "./bench-page.js";

const FIXTURE_DIR = join(REPO_ROOT, "test/fixtures/frames-shadow");

/** The fixture as the page server serves it, with the known values the tests already rely on. */
export async function fixturePage(servers: PageServers): Promise<BenchPage> {
  const knownValues = JSON.parse(await readFile(join(FIXTURE_DIR, "known-values.json"), "utf8")) as string[];
  return { name: "fixture", kind: "fixture", url: `${servers.originA}/frames-shadow/`, knownValues };
}
