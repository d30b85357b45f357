import { describe, expect, it } from "vitest";
import { isLineNumberGutter } from "./line-number-gutters.js";
import { render } from "./rendered.test.support.js";

describe("line number gutters", () => {
  it("leaves out the numbers a highlighter draws beside the code, in a table cell or a column", () => {
    const code = "<pre>fn main() {\n    run();\n}</pre>";
    expect(
      render(`<table class="lntable"><tr><td><pre>1\n2\n3</pre></td><td>${code}</td></tr></table>`),
    ).toBe("```\nfn main() {\n    run();\n}\n```");
    expect(render(`<div class="gutter"><pre>12<br>13<br>14<br>15</pre></div><div>${code}</div>`)).toBe(
      "```\nfn main() {\n    run();\n}\n```",
    );
  });

  it("keeps numbers that are not the next block's line numbers", () => {
    // Output before code, numbers out of order, and numbers followed by prose.
    expect(isLineNumberGutter("```\n1\n2\n3\n```", "```\na\nb\nc\nd\ne\n```")).toBe(false);
    expect(isLineNumberGutter("```\n1\n3\n2\n```", "```\na\nb\nc\n```")).toBe(false);
    expect(isLineNumberGutter("```\n1\n2\n```", "Two lines.")).toBe(false);
    expect(isLineNumberGutter("```\n1\n2\n```", "```\na\nb\nc\n```")).toBe(true);
    expect(isLineNumberGutter(undefined, "```\na\n```")).toBe(false);
    expect(render("<pre>1\n2</pre><p>Counted.</p>")).toBe("```\n1\n2\n```\n\nCounted.");
  });
});
