import { describe, expect, it } from "vitest";
import type { SemanticNode, SemanticPage } from "./semantic-node.js";
import { clean, renderSnapshot } from "./snapshot-format.js";

let nextId = 100;
/** An element or text node; backend ids are handed out in order so lines can be told apart. */
function node(role: string, name = "", rest: Partial<SemanticNode> = {}): SemanticNode {
  return { role, name, backendNodeId: nextId++, ...rest };
}
const text = (value: string) => node("StaticText", value);

/** A page of one main frame ("main", ordinal 0) and, optionally, more frames (ordinals 1, 2…). */
function page(children: SemanticNode[], title = "Shop", frames: Record<string, SemanticNode[]> = {}) {
  const roots = new Map<string, SemanticNode>([
    ["main", node("RootWebArea", title, { backendNodeId: 1, children })],
  ]);
  for (const [id, kids] of Object.entries(frames)) roots.set(id, node("RootWebArea", id, { children: kids }));
  const semantic: SemanticPage = {
    mainFrameId: "main",
    frame: (frameId) => {
      const root = roots.get(frameId);
      return root ? { frameId, root } : undefined;
    },
  };
  const ordinals = [...roots.keys()];
  return renderSnapshot(semantic, (frameId) => ordinals.indexOf(frameId));
}

describe("renderSnapshot", () => {
  it("writes the page as an element line, then one indented line per element and text", () => {
    const link = node("link", "Red Shoe", { url: "https://shop.test/red" });
    const heading = node("heading", "Catalog", { children: [text("Catalog")] });
    const { text: out, elements } = page([heading, text("Prices in  EUR\n"), link]);
    expect(out.split("\n")).toEqual([
      "[0-1] RootWebArea: Shop",
      ` [0-${heading.backendNodeId}] heading: Catalog`,
      " Prices in EUR",
      ` [0-${link.backendNodeId}] link: Red Shoe`,
    ]);
    expect(elements.get(`0-${link.backendNodeId}`)).toEqual({
      id: `0-${link.backendNodeId}`,
      frameId: "main",
      backendNodeId: link.backendNodeId,
      role: "link",
      name: "Red Shoe",
      url: "https://shop.test/red",
    });
    // The page itself is an element too (act scrolls it by this id).
    expect(elements.get("0-1")).toMatchObject({ role: "RootWebArea", name: "Shop" });
  });

  it("gives unnamed structural containers no line: their children take their place", () => {
    const button = node("button", "Buy");
    const { text: out } = page([
      node("generic", "", { children: [node("paragraph", "", { children: [button] })] }),
    ]);
    expect(out.split("\n")).toEqual(["[0-1] RootWebArea: Shop", ` [0-${button.backendNodeId}] button: Buy`]);
  });

  it("lets the one element of a list item stand in its place; items with more keep their line", () => {
    const single = node("link", "Home", { children: [text("Home")] });
    const first = node("link", "Shoes");
    const second = node("button", "More");
    const both = node("listitem", "", { children: [first, second] });
    const nested = node("link", "Hats", { children: [node("image", "Hat")] });
    const list = node("list", "", {
      children: [
        node("listitem", "", { children: [single] }),
        both,
        node("listitem", "", { children: [nested] }),
        node("listitem", "", { children: [text("Sale ends soon")] }),
      ],
    });
    const { text: out, elements } = page([list]);
    const lines = out.split("\n");
    expect(lines.slice(2)).toEqual([
      `  [0-${single.backendNodeId}] link: Home`,
      `  [0-${both.backendNodeId}] listitem`,
      `   [0-${first.backendNodeId}] link: Shoes`,
      `   [0-${second.backendNodeId}] button: More`,
      `  [0-${nested.backendNodeId}] link: Hats`,
      `   [0-${nested.children![0]!.backendNodeId}] image: Hat`,
      expect.stringMatching(/^ {2}\[0-\d+\] listitem: Sale ends soon$/),
    ]);
    expect(elements.get(`0-${single.backendNodeId}`)?.role).toBe("link");
  });

  it("keeps an interactive element without a name, and drops an empty named-less one", () => {
    const unnamed = node("button");
    const { text: out, elements } = page([unnamed, node("list")]);
    expect(out).toContain(`[0-${unnamed.backendNodeId}] button`);
    expect([...elements.values()].map((e) => e.role)).toEqual(["RootWebArea", "button"]);
  });

  it("folds text-only children into the line, keeping the name only when the text does not say it", () => {
    const same = node("link", "Sale", { children: [text("Sale")] });
    const more = node("button", "Close dialog", { children: [text("×")] });
    const { text: out } = page([same, more]);
    expect(out).toContain(`[0-${same.backendNodeId}] link: Sale\n`);
    expect(out).toContain(`[0-${more.backendNodeId}] button: Close dialog: ×`);
    expect(out).not.toMatch(/^\s+Sale$/m);
  });

  it("drops a label's text beside the control it names, and bullet markers", () => {
    const box = node("textbox", "Email", { value: "a@b.c" });
    const { text: out } = page([text("Email"), box, node("ListMarker", "•"), node("ListMarker", "2.")]);
    expect(out.split("\n")).toEqual([
      "[0-1] RootWebArea: Shop",
      ` [0-${box.backendNodeId}] textbox: Email [value: a@b.c]`,
      " 2.",
    ]);
  });

  it("writes states after the line", () => {
    const check = node("checkbox", "Gift wrap", { checked: "true", disabled: true });
    const menu = node("combobox", "Size", { value: "M", expanded: false });
    const field = node("textbox", "Code", { readonly: true });
    const { text: out } = page([check, menu, field]);
    expect(out).toContain("checkbox: Gift wrap [checked, disabled]");
    expect(out).toContain("combobox: Size [value: M, collapsed]");
    expect(out).toContain("textbox: Code [readonly]");
  });

  it("puts a child frame's content under its <iframe>, with the frame's ordinal in the ids", () => {
    const inner = node("button", "Pay");
    const frame = node("Iframe", "Payment", { childFrameId: "pay" });
    const { text: out, elements, unreadFrameOwners } = page([frame], "Shop", { pay: [inner] });
    expect(out.split("\n")).toEqual([
      "[0-1] RootWebArea: Shop",
      ` [0-${frame.backendNodeId}] Iframe: Payment`,
      `  [1-${inner.backendNodeId}] button: Pay`,
    ]);
    expect(elements.get(`1-${inner.backendNodeId}`)?.frameId).toBe("pay");
    expect(unreadFrameOwners.size).toBe(0);
  });

  it("reports an <iframe> whose frame was not read", () => {
    const frame = node("Iframe", "Ad", { childFrameId: "gone" });
    expect(page([frame]).unreadFrameOwners).toEqual(new Set([frame.backendNodeId]));
  });

  it("from a start element writes only that subtree, without the page line", () => {
    const item = node("listitem", "", { children: [text("Blue Hat $5")] });
    const semantic: SemanticPage = {
      mainFrameId: "main",
      frame: () => ({ frameId: "main", root: node("RootWebArea", "Shop", { children: [item] }) }),
    };
    const { text: out, elements } = renderSnapshot(semantic, () => 0, { frameId: "main", node: item });
    expect(out).toBe(`[0-${item.backendNodeId}] listitem: Blue Hat $5`);
    expect(elements.has("0-1")).toBe(false);
    expect(renderSnapshot(semantic, () => 0, { frameId: "main", node: undefined }).text).toBe("");
  });
});

describe("clean", () => {
  it("collapses every run of white space and trims", () => {
    expect(clean("  Red\n\t Shoe  ")).toBe("Red Shoe");
    expect(clean("\u00a0")).toBe("");
  });
});
