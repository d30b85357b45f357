/**
 * Converter fidelity on html-to-markdown's golden files (`plugin/*\/testdata/GoldenFiles/*.in.html`
 * → `*.out.md`): each file is compared whole, and section by section where the input's top-level
 * comments (which the goldens keep as `<!-- -->` blocks) split both sides alike. "Near" means equal
 * once HTML comments are dropped, whitespace collapsed and thematic breaks written one way.
 */
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { parseHTML } from "linkedom";
import { CORPUS_DIR } from "../repo-paths.js";

export const GOLDENS_DIR = join(CORPUS_DIR, "html-to-markdown", "plugin");

/** The converter under test: a fragment's HTML to markdown, links relative to `https://golden.invalid/`. */
export type FragmentConverter = (html: string) => string;

export interface GoldenResult {
  plugin: string;
  file: string;
  exact: boolean;
  near: boolean;
  /** Sections compared (0 when the two sides did not split alike), and how many matched. */
  sections: number;
  sectionsExact: number;
  sectionsNear: number;
  /** The first section that differs, for the report. */
  firstMismatch?: { expected: string; actual: string };
}

export async function listGoldens(): Promise<{ plugin: string; input: string; output: string }[]> {
  if (!existsSync(GOLDENS_DIR)) return [];
  const found: { plugin: string; input: string; output: string }[] = [];
  for (const plugin of (await readdir(GOLDENS_DIR)).sort()) {
    const dir = join(GOLDENS_DIR, plugin, "testdata", "GoldenFiles");
    if (!existsSync(dir)) continue;
    for (const file of (await readdir(dir)).filter((f) => f.endsWith(".in.html")).sort()) {
      const output = join(dir, file.replace(/\.in\.html$/, ".out.md"));
      if (existsSync(output)) found.push({ plugin, input: join(dir, file), output });
    }
  }
  return found;
}

export async function checkGolden(
  golden: { plugin: string; input: string; output: string },
  convert: FragmentConverter,
): Promise<GoldenResult> {
  const [html, expected] = await Promise.all([
    readFile(golden.input, "utf8"),
    readFile(golden.output, "utf8"),
  ]);
  const actual = convert(html);
  const result: GoldenResult = {
    plugin: golden.plugin,
    file: basename(golden.input, ".in.html"),
    exact: actual.trim() === expected.trim(),
    near: normalize(actual) === normalize(expected),
    sections: 0,
    sectionsExact: 0,
    sectionsNear: 0,
  };
  // Cut both sides at top-level comments (the goldens keep them) or, failing that, at top-level rules.
  let inputSections = splitHtml(html, (node) => node.nodeType === 8);
  let outputSections = expected.replace(/^<!--THE END-->$/gm, "").split(/^<!--[\s\S]*?-->$/m);
  if (inputSections.length !== outputSections.length) {
    inputSections = splitHtml(html, (node) => node.nodeType === 1 && node.localName === "hr");
    outputSections = expected.split(/^\* \* \*$/m);
  }
  if (process.env["GOLDEN_DEBUG"]) console.log(result.file, inputSections.length, outputSections.length);
  if (inputSections.length === outputSections.length) {
    inputSections.forEach((section, i) => {
      const want = outputSections[i]!;
      // Two comments in a row: nothing between them on either side, nothing to compare.
      if (!section.trim() && !want.trim()) return;
      result.sections++;
      const got = convert(section);
      if (got.trim() === want.trim()) result.sectionsExact++;
      if (normalize(got) === normalize(want)) result.sectionsNear++;
      else {
        result.firstMismatch ??= { expected: want.trim(), actual: got.trim() };
        if (process.env["GOLDEN_DEBUG"])
          console.log(`--- ${result.file}\nEXPECTED:\n${want.trim()}\nACTUAL:\n${got.trim()}`);
      }
    });
  }
  return result;
}

/** Drops HTML comments, collapses whitespace, writes thematic breaks as `---`. */
export function normalize(markdown: string): string {
  return markdown
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/^ {0,3}(?:\* *){3,}$|^ {0,3}(?:- *){3,}$|^ {0,3}(?:_ *){3,}$/gm, "---")
    .replace(/\s+/g, " ")
    .trim();
}

interface LinkedomNode {
  nodeType: number;
  localName?: string;
  outerHTML?: string;
  data?: string;
}

/** The input's top-level nodes, cut where `isCut`, each run serialised back to HTML. */
function splitHtml(html: string, isCut: (node: LinkedomNode) => boolean): string[] {
  const source = /<html[\s>]/i.test(html) ? html : `<!doctype html><html><body>${html}</body></html>`;
  const { document } = parseHTML(source) as unknown as {
    document: { body: { childNodes: ArrayLike<LinkedomNode> } };
  };
  const sections: string[] = [];
  let current = "";
  for (let i = 0; i < document.body.childNodes.length; i++) {
    const node = document.body.childNodes[i]!;
    if (isCut(node)) {
      sections.push(current);
      current = "";
    } else if (node.nodeType === 1) current += node.outerHTML ?? "";
    else if (node.nodeType === 3) current += escapeHtml(node.data ?? "");
  }
  sections.push(current);
  return sections;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
