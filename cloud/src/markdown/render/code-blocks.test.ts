import { describe, expect, it } from "vitest";
import { render } from "./rendered.test.support.js";

describe("code blocks", () => {
  it.each([
    ['<pre><code class="language-typescript">let a = 1;</code></pre>', "typescript"],
    ['<pre class="lang-py"><code>a = 1</code></pre>', "py"],
    ['<pre data-lang="Rust"><code>let a = 1;</code></pre>', "rust"],
    ['<div class="highlight highlight-source-go"><pre>a := 1</pre></div>', "go"],
    [
      '<div class="language-ruby highlighter-rouge"><div class="highlight"><pre>puts 1</pre></div></div>',
      "ruby",
    ],
    [
      '<div class="highlight-html+django notranslate"><div class="highlight"><pre>{{ a }}</pre></div></div>',
      "html+django",
    ],
  ])("takes the language from %s", (html, language) => {
    expect(render(html)).toMatch(new RegExp("^```" + language.replace("+", "\\+") + "\\n"));
  });

  it("takes no language from a page's wrapper two levels up, nor Sphinx's default lexer", () => {
    expect(render('<div class="lang-en"><div><pre>text</pre></div></div>')).toBe("```\ntext\n```");
    expect(render('<div class="highlight-default notranslate"><div><pre>a = 1</pre></div></div>')).toBe(
      "```\na = 1\n```",
    );
  });

  it("keeps the code's own line breaks and indentation, highlighting spans dropped", () => {
    expect(render('<pre><code><span class="k">if</span> (x) {\n  <span>y();</span>\n}\n</code></pre>')).toBe(
      "```\nif (x) {\n  y();\n}\n```",
    );
  });

  it("puts each line a highlighter draws as a block on a line of its own", () => {
    const lines =
      '<div class="line"><span>{</span></div><div class="line">  <span>"id": 1</span></div><div>}</div>';
    expect(render(`<pre><code>${lines}</code></pre>`)).toBe('```\n{\n  "id": 1\n}\n```');
    // A highlighter's <span class="line"> is drawn as a block too, with or without a newline after it.
    const spans =
      '<span class="line"><span>npm</span><span> create</span></span><span class="line"><span>cd</span> app</span>';
    expect(render(`<pre><code>${spans}</code></pre>`)).toBe("```\nnpm create\ncd app\n```");
    expect(
      render(
        '<pre><span class="line">a</span>\n<span class="line"></span>\n<span class="line">b</span></pre>',
      ),
    ).toBe("```\na\n\nb\n```");
    // A highlighted line (Gatsby's Prism plugin) is drawn as a block, and the next follows at once.
    const highlighted =
      'const n = 1;\n<span class="gatsby-highlight-code-line">  // Log it:</span>' +
      '<span class="gatsby-highlight-code-line">  log(n);</span>\nreturn n;';
    expect(render(`<pre><code>${highlighted}</code></pre>`)).toBe(
      "```\nconst n = 1;\n  // Log it:\n  log(n);\nreturn n;\n```",
    );
    // An underline or a headline is not a line.
    expect(render('<pre><span class="underline">a</span><span class="headline">b</span></pre>')).toBe(
      "```\nab\n```",
    );
    // Lines that also end in a newline of their own get one break, not two.
    expect(render("<pre><div>a\n</div><div>b\n</div></pre>")).toBe("```\na\nb\n```");
    // A row's cells (a line number beside its code) stay on one line.
    expect(
      render("<pre><table><tr><td>1</td><td>x = 1</td></tr><tr><td>2</td><td>y</td></tr></table></pre>"),
    ).toBe("```\n1x = 1\n2y\n```");
  });

  it("leaves out of the code what the renderer skips elsewhere: an editor's textarea copy, a button's label", () => {
    expect(
      render(
        '<pre><span class="line">import a from &#x27;a&#x27;</span><button>Copy</button>' +
          '<textarea aria-label="Edit code lines">import a from &#x27;a&#x27;</textarea></pre>',
      ),
    ).toBe("```\nimport a from 'a'\n```");
  });

  it("uses a longer fence when the code holds ```", () => {
    expect(render("<pre>```\nnested\n```</pre>")).toBe("````\n```\nnested\n```\n````");
  });
});
