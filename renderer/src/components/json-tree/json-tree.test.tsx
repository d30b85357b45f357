// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { JsonTree } from "./json-tree.js";
import { formatJsonPath } from "./json-path.js";

afterEach(cleanup);

describe("JsonTree", () => {
  it("shows keys and leaves, and collapses a node", () => {
    render(
      <JsonTree value={{ books: [{ title: "Dune", price: 9.5, used: false, note: null }] }} label="Result" />,
    );
    const tree = screen.getByRole("tree", { name: "Result" });
    expect(tree.textContent).toContain('"title": "Dune"');
    expect(tree.textContent).toContain("9.5");
    fireEvent.click(screen.getByRole("button", { name: "Collapse $.books" }));
    expect(tree.textContent).not.toContain("Dune");
    fireEvent.click(screen.getByRole("button", { name: "Expand $.books" }));
    expect(tree.textContent).toContain("Dune");
  });

  it("renders 10,000 rows a page at a time", () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => ({ id: i, name: `row ${i}` }));
    const { container } = render(<JsonTree value={{ rows }} />);
    // Collapsed by default: the big array is one row until someone opens it.
    expect(container.querySelectorAll("li").length).toBeLessThan(10);
    fireEvent.click(screen.getByRole("button", { name: "Expand $.rows" }));
    const rowsGroup = container.querySelector("ul.json-root > li > ul.json-children > li > ul.json-children");
    expect(rowsGroup?.querySelectorAll(":scope > li.json-row").length).toBe(100);
    expect(screen.getByText(/Show 100 more of 9900 left/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: /Show 100 more/ }));
    expect(screen.getByText(/Show 100 more of 9800 left/)).toBeTruthy();
    // Only what is shown is rendered: two pages of rows, not 10,000 (how fast is the benchmark's business).
    expect(container.querySelectorAll("li").length).toBeLessThan(2000);
  });

  it("copies a value and a path", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    render(<JsonTree value={{ "odd key": [1, { a: "x" }] }} />);
    fireEvent.click(screen.getByRole("button", { name: 'Copy path $["odd key"][1].a' }));
    expect(writeText).toHaveBeenLastCalledWith('$["odd key"][1].a');
    fireEvent.click(screen.getByRole("button", { name: 'Copy value at $["odd key"][1]' }));
    expect(writeText).toHaveBeenLastCalledWith(JSON.stringify({ a: "x" }, null, 2));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Copied value"));
  });

  it("shows a plain value", () => {
    render(<JsonTree value="just text" />);
    expect(screen.getByRole("tree").textContent).toContain('"just text"');
  });
});

describe("formatJsonPath", () => {
  it("writes dots for names and brackets for the rest", () => {
    expect(formatJsonPath(["books", 0, "title"])).toBe("$.books[0].title");
    expect(formatJsonPath(["a b", 2])).toBe('$["a b"][2]');
  });
});
