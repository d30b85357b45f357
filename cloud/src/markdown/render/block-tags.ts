/** Elements the browser lays out as blocks: each starts on a line of its own. */
export const BLOCK_TAGS = new Set<string>([
  "address", "article", "aside", "blockquote", "body", "caption", "center", "dd", "details", "dialog", "dir",
  "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6",
  "header", "hgroup", "hr", "html", "legend", "li", "main", "menu", "nav", "ol", "p", "pre", "search",
  "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul",
]); // prettier-ignore
