import { useMemo } from "react";
import { parseMarkdown, type Block, type Inline } from "./markdown-blocks.js";

/**
 * Markdown shown as React elements built from parsed data (never as HTML), so a fetched page's content
 * cannot run script in the Studio.
 */
export function MarkdownView({ markdown }: { markdown: string }) {
  const blocks = useMemo(() => parseMarkdown(markdown), [markdown]);
  return (
    <article className="markdown-view" aria-label="Rendered markdown">
      {blocks.map((block, i) => (
        <BlockView key={i} block={block} />
      ))}
    </article>
  );
}

function BlockView({ block }: { block: Block }) {
  switch (block.type) {
    case "heading": {
      const Tag = `h${Math.min(block.level, 6)}` as "h1";
      return (
        <Tag>
          <Inlines nodes={block.children} />
        </Tag>
      );
    }
    case "paragraph":
      return (
        <p>
          <Inlines nodes={block.children} />
        </p>
      );
    case "code":
      return (
        <pre>
          <code data-lang={block.lang || undefined}>{block.text}</code>
        </pre>
      );
    case "quote":
      return (
        <blockquote>
          {block.children.map((child, i) => (
            <BlockView key={i} block={child} />
          ))}
        </blockquote>
      );
    case "list": {
      const items = block.items.map((item, i) => (
        <li key={i}>
          <Inlines nodes={item} />
        </li>
      ));
      return block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
    }
    case "table":
      return (
        <table>
          <thead>
            <tr>
              {block.header.map((cell, i) => (
                <th key={i}>
                  <Inlines nodes={cell} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {block.rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, c) => (
                  <td key={c}>
                    <Inlines nodes={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      );
    case "rule":
      return <hr />;
  }
}

function Inlines({ nodes }: { nodes: Inline[] }) {
  return (
    <>
      {nodes.map((node, i) => {
        switch (node.type) {
          case "text":
            return node.text;
          case "code":
            return <code key={i}>{node.text}</code>;
          case "strong":
            return (
              <strong key={i}>
                <Inlines nodes={node.children} />
              </strong>
            );
          case "em":
            return (
              <em key={i}>
                <Inlines nodes={node.children} />
              </em>
            );
          case "link":
            return node.href ? (
              <a key={i} href={node.href} target="_blank" rel="noreferrer noopener">
                <Inlines nodes={node.children} />
              </a>
            ) : (
              <Inlines key={i} nodes={node.children} />
            );
          case "image":
            // Shown as its alt text and address: loading remote images would reach out from the Studio.
            return (
              <span key={i} className="markdown-image" title={node.src}>
                [image: {node.alt || "untitled"}]
              </span>
            );
        }
      })}
    </>
  );
}
