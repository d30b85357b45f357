import { describe, expect, it } from "vitest";
import { convertHtmlToMarkdown } from "../convert-html.js";
import { render } from "./rendered.test.support.js";

describe("math", () => {
  it("writes the TeX a typesetter kept beside its MathML, between dollar signs", () => {
    const katex =
      "<math><semantics><mrow><mi>E</mi><mo>=</mo><mi>m</mi><msup><mi>c</mi><mn>2</mn></msup></mrow>" +
      '<annotation encoding="application/x-tex">E=mc^2</annotation></semantics></math>';
    expect(render(`<p>Energy ${katex} is famous.</p>`)).toBe("Energy $E=mc^2$ is famous.");
    expect(
      render('<p><math alttext="{\\displaystyle a_{i}}"><msub><mi>a</mi><mi>i</mi></msub></math></p>'),
    ).toBe("$a_{i}$");
  });

  it("reads other MathML into TeX: scripts, fractions, roots, a block formula with two dollar signs", () => {
    const roots =
      '<math display="block"><mi>x</mi><mo>=</mo><mfrac><mrow><mo>−</mo><mi>b</mi><mo>±</mo><msqrt>' +
      "<msup><mi>b</mi><mn>2</mn></msup><mo>−</mo><mn>4</mn><mi>a</mi><mi>c</mi></msqrt></mrow>" +
      "<mrow><mn>2</mn><mi>a</mi></mrow></mfrac></math>";
    expect(render(`<p>${roots}</p>`)).toBe("$$x=\\frac{−b±\\sqrt{b^2−4ac}}{2a}$$");
    // A `<` before a letter would open an HTML tag.
    expect(render("<p><math><mi>a</mi><mo>&lt;</mo><mi>b</mi></math></p>")).toBe("$a\\lt b$");
    // The page's own private-use characters are not the renderer's break and gap markers.
    expect(render("<p><math><mi>a</mi><mo>&#xE000;&#xE001;</mo><mi>b</mi></math> end</p>")).toBe("$ab$ end");
  });

  it("keeps a typesetter's formulas whole on a page: its wrapper's names and its repeated symbols", () => {
    // MathJax 3: the drawn copy is hidden from readers, the MathML copy is named for a context menu.
    const formula = (v: string, n: number) =>
      `<mjx-container class="MathJax CtxtMenu_Attached_${n}"><mjx-math aria-hidden="true"><mjx-c></mjx-c></mjx-math>` +
      `<mjx-assistive-mml><math><mi>${v}</mi><mo>+</mo><mi>${v}</mi><mo>=</mo><mn>2</mn><mi>${v}</mi></math></mjx-assistive-mml></mjx-container>`;
    const prose =
      "A paragraph of prose long enough to be the page's content, about adding things up. ".repeat(3);
    const steps =
      `<p>First, ${formula("x", 0)} for any number you may choose to add to itself, as the lesson shows.</p>` +
      `<p>Likewise ${formula("y", 1)}, and so on for every other number the reader can think of today.</p>`;
    const page = `<html><head><title>Sums</title></head><body><article><h1>Sums</h1><p>${prose}</p>${steps}</article></body></html>`;
    expect(convertHtmlToMarkdown(page, "https://example.com/sums").markdown).toContain(
      "First, $x+x=2x$ for any number you may choose to add to itself, as the lesson shows.\n\n" +
        "Likewise $y+y=2y$, and so on for every other number the reader can think of today.",
    );
  });

  it("reads a formula nested 400 deep, and a hostile one 50,000 deep or 100,000 wide", () => {
    const nested = (depth: number) => "<mrow>".repeat(depth) + "<mi>x</mi>" + "</mrow>".repeat(depth);
    expect(render(`<p><math>${nested(400)}</math></p>`)).toBe("$x$");
    // Past the parser's bound on depth the elements stand beside each other: the text stays.
    expect(render(`<p><math>${nested(50_000)}</math></p>`)).toContain("x");
    expect(render(`<p><math>${"<mi>x</mi>".repeat(100_000)}</math></p>`)).toHaveLength(100_002);
  });
});
