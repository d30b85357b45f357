/**
 * A small reader for the markdown Loupe Cloud writes (GitHub-flavoured: headings, paragraphs, lists,
 * fenced code, quotes, tables, rules, links, images, emphasis). It produces plain data that the view
 * turns into React elements, so no HTML from a fetched page is ever injected: safety by construction,
 * without a sanitizer. Anything it does not know stays visible as text.
 */

/** A run of inline content. */
export type Inline =
  | { type: "text"; text: string }
  | { type: "code"; text: string }
  | { type: "strong" | "em"; children: Inline[] }
  | { type: "link"; href: string | undefined; children: Inline[] }
  | { type: "image"; src: string | undefined; alt: string };

/** One block of a document. */
export type Block =
  | { type: "heading"; level: number; children: Inline[] }
  | { type: "paragraph"; children: Inline[] }
  | { type: "code"; lang: string; text: string }
  | { type: "quote"; children: Block[] }
  | { type: "list"; ordered: boolean; items: Inline[][] }
  | { type: "table"; header: Inline[][]; rows: Inline[][][] }
  | { type: "rule" };

/** Only web and mail links are followed; `javascript:` and the like become plain text. */
export function safeUrl(url: string): string | undefined {
  return /^(https?:|mailto:)/i.test(url.trim()) ? url.trim() : undefined;
}

const INLINE =
  /(`+)([\s\S]*?)\1|!\[([^\]]*)\]\(([^)\s]*)(?:\s+"[^"]*")?\)|\[([^\]]+)\]\(([^)\s]*)(?:\s+"[^"]*")?\)|\*\*([\s\S]+?)\*\*|__([\s\S]+?)__|\*([^*\s][^*]*?)\*|_([^_\s][^_]*?)_|<(https?:\/\/[^>\s]+)>/;

/** Inline markdown → inline nodes. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let rest = text;
  while (rest) {
    const m = INLINE.exec(rest);
    if (!m) {
      out.push({ type: "text", text: rest });
      break;
    }
    if (m.index > 0) out.push({ type: "text", text: rest.slice(0, m.index) });
    if (m[1]) out.push({ type: "code", text: (m[2] ?? "").trim() });
    else if (m[4] !== undefined) out.push({ type: "image", src: safeUrl(m[4]), alt: m[3] ?? "" });
    else if (m[6] !== undefined)
      out.push({ type: "link", href: safeUrl(m[6]), children: parseInline(m[5] ?? "") });
    else if (m[7] ?? m[8]) out.push({ type: "strong", children: parseInline(m[7] ?? m[8] ?? "") });
    else if (m[9] ?? m[10]) out.push({ type: "em", children: parseInline(m[9] ?? m[10] ?? "") });
    else if (m[11])
      out.push({ type: "link", href: safeUrl(m[11]), children: [{ type: "text", text: m[11] }] });
    rest = rest.slice(m.index + m[0].length);
  }
  return out;
}

const LIST_ITEM = /^\s{0,3}([-*+]|\d+[.)])\s+(.*)$/;
const TABLE_RULE = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;

function cells(line: string): Inline[][] {
  return line
    .trim()
    .replace(/^\||\|$/g, "")
    .split(/(?<!\\)\|/)
    .map((cell) => parseInline(cell.trim().replace(/\\\|/g, "|")));
}

/** A markdown document → blocks. */
export function parseMarkdown(markdown: string): Block[] {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  const blocks: Block[] = [];
  let i = 0;
  const at = (n: number) => lines[n] ?? "";
  while (i < lines.length) {
    const line = at(i);
    if (!line.trim()) {
      i++;
      continue;
    }
    const fence = /^\s*(```+|~~~+)\s*([\w+-]*)/.exec(line);
    if (fence) {
      const body: string[] = [];
      i++;
      while (
        i < lines.length &&
        !at(i)
          .trim()
          .startsWith(fence[1] ?? "```")
      )
        body.push(at(i++));
      i++;
      blocks.push({ type: "code", lang: fence[2] ?? "", text: body.join("\n") });
      continue;
    }
    const heading = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      blocks.push({
        type: "heading",
        level: heading[1]?.length ?? 1,
        children: parseInline(heading[2] ?? ""),
      });
      i++;
      continue;
    }
    if (/^\s{0,3}([-*_])(\s*\1){2,}\s*$/.test(line)) {
      blocks.push({ type: "rule" });
      i++;
      continue;
    }
    if (/^\s{0,3}>/.test(line)) {
      const body: string[] = [];
      while (i < lines.length && /^\s{0,3}>/.test(at(i))) body.push(at(i++).replace(/^\s{0,3}>\s?/, ""));
      blocks.push({ type: "quote", children: parseMarkdown(body.join("\n")) });
      continue;
    }
    if (line.includes("|") && TABLE_RULE.test(at(i + 1))) {
      const header = cells(line);
      const rows: Inline[][][] = [];
      i += 2;
      while (i < lines.length && at(i).includes("|") && at(i).trim()) rows.push(cells(at(i++)));
      blocks.push({ type: "table", header, rows });
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      const ordered = /\d/.test(item[1] ?? "");
      const items: string[] = [];
      while (i < lines.length) {
        const next = LIST_ITEM.exec(at(i));
        if (next) items.push(next[2] ?? "");
        else if (/^\s{2,}\S/.test(at(i)) && items.length) items[items.length - 1] += ` ${at(i).trim()}`;
        else break;
        i++;
      }
      blocks.push({ type: "list", ordered, items: items.map(parseInline) });
      continue;
    }
    const para: string[] = [];
    while (
      i < lines.length &&
      at(i).trim() &&
      !/^\s{0,3}(#{1,6}\s|>|```|~~~)/.test(at(i)) &&
      !LIST_ITEM.test(at(i))
    )
      para.push(at(i++).trim());
    blocks.push({ type: "paragraph", children: parseInline(para.join(" ")) });
  }
  return blocks;
}
