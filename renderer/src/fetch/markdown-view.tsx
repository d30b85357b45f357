import type { ReactNode } from "react";
import { Lexer, type Token, type Tokens } from "marked";

/** Only web and mail links are followed; `javascript:`, `data:`, relative paths and the like are dropped. */
export function safeUrl(url: string): string | undefined {
  const trimmed = url.trim();
  return /^(https?:|mailto:)/i.test(trimmed) ? trimmed : undefined;
}

/**
 * Markdown (GitHub-flavoured: nested lists, tables, task lists) shown as React elements built from
 * marked's tokens, never as HTML: raw HTML in a fetched page's markdown is dropped, not injected, so it
 * cannot run script in the Studio.
 */
export function MarkdownView({ markdown }: { markdown: string }) {
  return (
    <article className="markdown-view" aria-label="Rendered markdown">
      {render(Lexer.lex(markdown, { gfm: true }))}
    </article>
  );
}

function render(tokens: Token[] | undefined): ReactNode[] {
  return (tokens ?? []).map(renderToken);
}

function renderToken(token: Token, key: number): ReactNode {
  switch (token.type) {
    case "heading": {
      const Tag = `h${Math.min(Math.max(token.depth, 1), 6)}` as "h1";
      return <Tag key={key}>{render(token.tokens)}</Tag>;
    }
    case "paragraph":
      return <p key={key}>{render(token.tokens)}</p>;
    case "text":
      return token.tokens ? render(token.tokens) : token.text;
    case "escape":
      return token.text;
    case "code":
      return (
        <pre key={key}>
          <code className={token.lang ? `language-${token.lang.split(/\s/)[0]}` : undefined}>
            {token.text}
          </code>
        </pre>
      );
    case "blockquote":
      return <blockquote key={key}>{render(token.tokens)}</blockquote>;
    case "list": {
      const list = token as Tokens.List;
      const items = list.items.map((item, i) => <li key={i}>{render(item.tokens)}</li>);
      return list.ordered ? (
        <ol key={key} start={list.start === "" || list.start === 1 ? undefined : list.start}>
          {items}
        </ol>
      ) : (
        <ul key={key}>{items}</ul>
      );
    }
    case "checkbox":
      return (
        <span key={key}>
          <input type="checkbox" disabled checked={token.checked} />{" "}
        </span>
      );
    case "table": {
      const table = token as Tokens.Table;
      const style = (cell: Tokens.TableCell) => (cell.align ? { textAlign: cell.align } : undefined);
      return (
        <table key={key}>
          <thead>
            <tr>
              {table.header.map((cell, i) => (
                <th key={i} style={style(cell)}>
                  {render(cell.tokens)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, c) => (
                  <td key={c} style={style(cell)}>
                    {render(cell.tokens)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      );
    }
    case "hr":
      return <hr key={key} />;
    case "strong":
      return <strong key={key}>{render(token.tokens)}</strong>;
    case "em":
      return <em key={key}>{render(token.tokens)}</em>;
    case "del":
      return <del key={key}>{render(token.tokens)}</del>;
    case "codespan":
      return <code key={key}>{token.text}</code>;
    case "br":
      return <br key={key} />;
    case "link": {
      const href = safeUrl(token.href);
      // A link whose address was dropped stays readable as its text.
      return href ? (
        <a key={key} href={href} target="_blank" rel="noreferrer noopener">
          {render(token.tokens)}
        </a>
      ) : (
        render(token.tokens)
      );
    }
    case "image":
      // Shown as its alt text and address: loading remote images would reach out from the Studio.
      return (
        <span key={key} className="markdown-image" title={safeUrl(token.href)}>
          [image: {token.text || "untitled"}]
        </span>
      );
    default:
      // Raw HTML (block and inline), link definitions and blank space render nothing.
      return null;
  }
}
