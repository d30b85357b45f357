/**
 * `npm run bench`: builds @loupe/core (the npm script does), then runs each benchmark section in turn
 * and prints its markdown. Later benches (markdown conversion, fetch throughput, Studio) are further
 * entries of SECTIONS.
 */
import { parseBenchOptions } from "./bench-options.js";
import type { BenchSection } from "./bench-section.js";
import { snapshotSection } from "./snapshot/snapshot-section.js";
import { markdownSection } from "./markdown/markdown-section.js";
import { wcxbSection } from "./markdown/wcxb-section.js";
import { metadataSection } from "./markdown/metadata-section.js";
import { fetchThroughputSection } from "./fetch/fetch-throughput-section.js";
import { sessionsSection } from "./sessions/sessions-section.js";
import { studioSection } from "./studio-section.js";
import { schemaSandboxSection } from "./schema-sandbox/schema-sandbox-section.js";
import { schemaSection } from "./schema/schema-section.js";
import { longPagesSection } from "./long-pages/long-pages-section.js";
import { cloudInstancesSection } from "./instances/cloud-instances-section.js";

const SECTIONS: BenchSection[] = [
  snapshotSection,
  markdownSection,
  wcxbSection,
  metadataSection,
  fetchThroughputSection,
  sessionsSection,
  studioSection,
  schemaSandboxSection,
  schemaSection,
  longPagesSection,
  cloudInstancesSection,
];

const options = parseBenchOptions(process.argv.slice(2), process.env);
const unknown = options.only.filter((name) => !SECTIONS.some((s) => s.name === name));
if (unknown.length) {
  console.error(
    `bench: no section ${unknown.join(", ")}; sections: ${SECTIONS.map((s) => s.name).join(", ")}`,
  );
  process.exit(2);
}
const started = performance.now();
let failed = false;
for (const section of SECTIONS) {
  if (options.only.length && !options.only.includes(section.name)) continue;
  console.log(`\n## ${section.title}\n`);
  const sectionStarted = performance.now();
  try {
    await section.run(options);
  } catch (error) {
    // One broken section must not hide the others' results.
    failed = true;
    console.log(
      `\nThe ${section.name} bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
  }
  console.log(`\n_${section.name}: ${seconds(performance.now() - sectionStarted)}_`);
}
console.log(`\nBench finished in ${seconds(performance.now() - started)}.`);
process.exitCode = failed ? 1 : 0;

function seconds(ms: number): string {
  return ms < 120_000
    ? `${(ms / 1000).toFixed(1)} s`
    : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}
