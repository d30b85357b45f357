/**
 * Page metadata against WCXB's reviewed fields: on the development split, how often each pipeline
 * states the title, the author and the publication date the reviewers recorded, how often what it states agrees
 * with them, and how often it states one where they recorded none. Loupe's `metadata: true` (structured
 * data, then `<meta>` tags) beside Readability's byline and published time and Defuddle's author and
 * published date, in the same run.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Readability } from "@mozilla/readability";
import { Defuddle } from "defuddle/node";
import { parseHTML } from "linkedom";
import { convertHtmlToMarkdown } from "../../cloud/src/markdown/convert-html.js";
import { isoDate } from "../../cloud/src/markdown/metadata/stated-date.js";
import type { BenchSection } from "../bench-section.js";
import { toCsv } from "../csv.js";
import { markdownTable } from "../markdown-table.js";
import { RESULTS_DIR } from "../repo-paths.js";
import { quietly } from "./candidate-pipelines.js";
import { listWcxbPages, loadWcxbHtml, pagesToMeasure, WCXB_DIR } from "./wcxb-corpus.js";

interface Stated {
  /** The markdown's own `# Title` (Loupe's `title` on every result), beside the metadata's title. */
  heading?: string | undefined;
  title?: string | undefined;
  author?: string | undefined;
  date?: string | undefined;
}

interface MetadataPipeline {
  name: string;
  read(html: string, url: string): Stated | Promise<Stated>;
}

const PIPELINES: MetadataPipeline[] = [
  {
    name: "Loupe (`metadata: true`)",
    read(html, url) {
      const result = convertHtmlToMarkdown(html, url, { metadata: true });
      return { ...result.metadata, heading: result.title };
    },
  },
  {
    name: "Readability 0.6 (title, byline, publishedTime)",
    read(html) {
      const { document } = parseHTML(html);
      const article = new Readability(
        document as unknown as ConstructorParameters<typeof Readability>[0],
      ).parse();
      return {
        title: article?.title ?? undefined,
        author: article?.byline ?? undefined,
        date: article?.publishedTime ?? undefined,
      };
    },
  },
  {
    name: "Defuddle 0.19 (title, author, published)",
    async read(html, url) {
      const { document } = parseHTML(html);
      const result = await quietly(() =>
        Defuddle(document as unknown as Parameters<typeof Defuddle>[0], url, { useAsync: false }),
      );
      return {
        title: result.title || undefined,
        author: result.author || undefined,
        date: result.published || undefined,
      };
    },
  },
];

type Field = "title" | "author" | "date";

/** A pipeline's tally for one field over the pages. */
interface Tally {
  /** Pages whose reviewers recorded the field, and of those, how many the pipeline states. */
  recorded: number;
  stated: number;
  /** Of the stated ones, how many agree with the reviewers. */
  agreeing: number;
  /** Pages whose reviewers recorded none, where the pipeline states one. */
  statedWithoutRecord: number;
}

export const metadataSection: BenchSection = {
  name: "metadata",
  title:
    "Page metadata: title, author and date on WCXB's dev split against its reviewers, Loupe vs Readability and Defuddle",
  async run(options) {
    const all = await listWcxbPages();
    if (!all.length) {
      console.log(`Skipped: no WCXB corpus at ${WCXB_DIR}.`);
      return;
    }
    const pages = pagesToMeasure(all, options);
    const tallies = PIPELINES.map(() => ({ title: emptyTally(), author: emptyTally(), date: emptyTally() }));
    const heading = emptyTally();
    const rows: string[][] = [];
    for (const [index, page] of pages.entries()) {
      if (index % 250 === 0) process.stdout.write(`  page ${index + 1}/${pages.length} (${page.id})…\n`);
      const html = await loadWcxbHtml(page.id);
      const row = [page.id, page.type, page.title ?? "", page.author ?? "", page.date ?? ""];
      for (const [i, pipeline] of PIPELINES.entries()) {
        let stated: Stated = {};
        try {
          stated = await pipeline.read(html, page.url);
        } catch {
          // A pipeline that throws states nothing for the page.
        }
        count(tallies[i]!.title, page.title, stated.title, sameText);
        if (i === 0) count(heading, page.title, stated.heading, sameText);
        count(tallies[i]!.author, page.author, stated.author, sameText);
        count(tallies[i]!.date, page.date, stated.date, sameDay);
        row.push(stated.title ?? "", stated.author ?? "", stated.date ?? "");
      }
      rows.push(row);
    }
    console.log(
      `\n${pages.length} of ${all.length} pages. "States" counts the pages whose reviewers recorded the field and the ` +
        'pipeline states one; "agrees" is the share of those where both give the same title or name the same ' +
        "person (either containing the other, case, spacing and curly quotes aside: a title with the site's name " +
        "after it agrees) or the same day; the last column counts a field stated " +
        "where the reviewers recorded none (often an organisation, or a date the reviewers left out of a " +
        "non-article: not always wrong).\n",
    );
    const table = (field: Field) =>
      markdownTable(
        ["pipeline", `states (of ${tallies[0]![field].recorded})`, "agrees", "stated, none recorded"],
        PIPELINES.map((pipeline, i) => {
          const tally = tallies[i]![field];
          return [
            pipeline.name,
            `${tally.stated} (${percent(tally.stated, tally.recorded)})`,
            percent(tally.agreeing, tally.stated),
            String(tally.statedWithoutRecord),
          ];
        }),
      );
    console.log(
      `Title:\n\n${table("title")}\n\n${PIPELINES[0]!.name.split(" ")[0]}'s \`title\` (the markdown's heading, ` +
        `on every result whatever the options): stated on ${heading.stated} (${percent(heading.stated, heading.recorded)}), ` +
        `agreeing on ${percent(heading.agreeing, heading.stated)}.\n\nAuthor:\n\n${table("author")}\n\nPublication date:\n\n${table("date")}\n`,
    );
    const dir = join(RESULTS_DIR, "markdown");
    await mkdir(dir, { recursive: true });
    const header = ["page", "type", "reviewed title", "reviewed author", "reviewed date"];
    for (const pipeline of PIPELINES)
      header.push(`${pipeline.name}: title`, `${pipeline.name}: author`, `${pipeline.name}: date`);
    await writeFile(join(dir, "metadata.csv"), toCsv(header, rows));
    console.log(`Per page: ${join(dir, "metadata.csv")}`);
  },
};

function emptyTally(): Tally {
  return { recorded: 0, stated: 0, agreeing: 0, statedWithoutRecord: 0 };
}

function count(
  tally: Tally,
  recorded: string | undefined,
  stated: string | undefined,
  agree: (recorded: string, stated: string) => boolean,
): void {
  const value = stated?.trim();
  if (!recorded) {
    if (value) tally.statedWithoutRecord++;
    return;
  }
  tally.recorded++;
  if (!value) return;
  tally.stated++;
  if (agree(recorded, value)) tally.agreeing++;
}

/** The same name or title: either containing the other, case, spacing and punctuation aside. */
function sameText(recorded: string, stated: string): boolean {
  const [a, b] = [recorded, stated].map((name) =>
    name
      .normalize("NFKC")
      .toLowerCase()
      .replace(/[‘’]/g, "'")
      .replace(/[“”]/g, '"')
      .replace(/\s+/g, " ")
      .replace(/^by /, "")
      .trim(),
  ) as [string, string];
  // A containment of a letter or two is no agreement.
  return Math.min(a.length, b.length) >= 3 && (a.includes(b) || b.includes(a));
}

/** The same calendar day as stated (no zone conversion), read by Loupe's date reader for every pipeline. */
function sameDay(recorded: string, stated: string): boolean {
  return (isoDate(stated) ?? "").slice(0, 10) === recorded.slice(0, 10);
}

function percent(part: number, whole: number): string {
  return whole ? `${((100 * part) / whole).toFixed(1)}%` : "—";
}
