/**
 * mdream 1.7's converter through its WebAssembly build. Its default Node entry needs a native addon
 * (`@mdream/rust-*`) that the lockfile's platform did not install here; the WASM build is the same Rust
 * engine and runs anywhere.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { htmlToMarkdownResult, initSync } from "mdream/wasm";

const require = createRequire(import.meta.url);
let ready = false;

interface MdreamResult {
  markdown: string;
  frontmatter?: Record<string, string>;
}

/** What mdream's `minimal` preset filters out (from its `dist/index.mjs`). */
const MINIMAL_FILTER = {
  exclude: [
    "form",
    "fieldset",
    "object",
    "embed",
    "footer",
    "aside",
    "iframe",
    "input",
    "textarea",
    "select",
    "button",
    "nav",
  ],
};
const CLEAN_ALL = {
  urls: true,
  fragments: true,
  emptyLinks: true,
  redundantLinks: true,
  selfLinkHeadings: true,
  emptyImages: true,
  emptyLinkText: true,
};

/**
 * mdream with or without its `minimal` preset (main-content isolation, the preset's filter and
 * cleanup). The preset's YAML frontmatter is left out; its title leads the markdown as `# Title`,
 * like every other pipeline here.
 */
export function mdreamMarkdown(
  html: string,
  url: string,
  minimal: boolean,
): { markdown: string; title?: string } {
  if (!ready) {
    initSync({ module: readFileSync(require.resolve("mdream/wasm/mdream_edge_bg.wasm")) });
    ready = true;
  }
  const options = minimal
    ? {
        origin: url,
        cleanUrls: true,
        clean: CLEAN_ALL,
        plugins: { isolateMain: true, tailwind: true, filter: MINIMAL_FILTER, frontmatter: {} },
      }
    : { origin: url };
  const result = htmlToMarkdownResult(html, options) as MdreamResult;
  const markdown = result.markdown.replace(/^---\n[\s\S]*?\n---\n/, "");
  const title = result.frontmatter?.["title"];
  return title ? { markdown, title } : { markdown };
}
