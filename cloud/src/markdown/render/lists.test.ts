import { describe, expect, it } from "vitest";
import { render } from "./rendered.test.support.js";

describe("lists", () => {
  it("writes unordered, ordered (with start) and nested lists", () => {
    expect(render("<ul><li>One</li><li>Two<ul><li>Two.1</li><li>Two.2</li></ul></li></ul>")).toBe(
      "- One\n- Two\n  - Two.1\n  - Two.2",
    );
    expect(render('<ol start="3"><li>Three</li><li>Four<ol><li>Inner</li></ol></li></ol>')).toBe(
      "3. Three\n4. Four\n   1. Inner",
    );
  });

  it("numbers a list from its first item's value or from 0, and writes a countdown's numbers as text", () => {
    expect(
      render('<ol><li value="5">Five</li><li>Six</li></ol><p>Then</p><ol start="0"><li>Zero</li></ol>'),
    ).toBe("5. Five\n6. Six\n\nThen\n\n0. Zero");
    // Markdown's numbers only count up: a countdown is bullets that say their numbers.
    expect(render("<ol reversed><li>Bronze</li><li>Silver</li><li>Gold</li></ol>")).toBe(
      "- 3\\. Bronze\n- 2\\. Silver\n- 1\\. Gold",
    );
    expect(render('<ol reversed start="10"><li>Ten</li><li>Nine<ul><li>Note</li></ul></li></ol>')).toBe(
      "- 10\\. Ten\n- 9\\. Nine\n  - Note",
    );
  });

  it("indents a list item's later paragraphs and code under its marker", () => {
    expect(render("<ul><li><p>Para</p><p>More</p></li><li>Code:<pre>x = 1</pre></li></ul>")).toBe(
      "- Para\n\n  More\n- Code:\n\n  ```\n  x = 1\n  ```",
    );
  });

  it("keeps two lists in a row apart with a different marker", () => {
    expect(render("<ul><li>A</li></ul><ul><li>B</li></ul>")).toBe("- A\n\n* B");
  });

  it("drops rules that open or close an item, and an item holding only a rule", () => {
    expect(render("<ul><li>Tides</li><li><hr></li><li><hr><p>Boats</p><p>Piers</p><hr></li></ul>")).toBe(
      "- Tides\n- Boats\n\n  Piers",
    );
  });

  it("skips empty items", () => {
    expect(render("<ul><li>A</li><li> </li><li>B</li></ul>")).toBe("- A\n- B");
  });
});
