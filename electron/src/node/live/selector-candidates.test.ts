import { describe, expect, it } from "vitest";
import type { ElementFacts, NodeFacts } from "./element-facts.js";
import { selectorCandidates } from "./selector-candidates.js";

/** A node with defaults: an HTML `div`, first of its kind, nothing to name it. */
function node(facts: Partial<NodeFacts>): NodeFacts {
  return { tag: "div", html: true, id: "", classes: [], attributes: {}, nthOfType: 1, ...facts };
}

/** The element, then its ancestors up to `body` and `html`. */
function facts(
  element: Partial<NodeFacts>,
  ancestors: Partial<NodeFacts>[] = [],
  text?: string,
): ElementFacts {
  return {
    path: [node(element), ...ancestors.map(node), node({ tag: "body" }), node({ tag: "html" })],
    inShadow: false,
    ...(text ? { text } : {}),
  };
}

describe("picked selectors, the ones a person keeps first", () => {
  it("puts an id first, then a test id", () => {
    const found = selectorCandidates(
      facts({ tag: "button", id: "buy", attributes: { "data-testid": "buy-button" } }, [], "Buy"),
    );
    expect(found.slice(0, 3)).toEqual([
      "#buy",
      '[data-testid="buy-button"]',
      "//button[normalize-space()='Buy']",
    ]);
    const noId = selectorCandidates(facts({ tag: "button", attributes: { "data-testid": "buy-button" } }));
    expect(noId[0]).toBe('[data-testid="buy-button"]');
  });

  it("skips a generated id and class and a state class for role and name, then stable classes", () => {
    const found = selectorCandidates(
      facts(
        { tag: "button", id: "css-1x2y3z", classes: ["sc-bdVaJa", "active", "add-to-basket"], nthOfType: 2 },
        [node({ classes: ["book"], nthOfType: 3 })],
        "Add to basket",
      ),
    );
    expect(found.indexOf("//button[normalize-space()='Add to basket']")).toBe(0);
    expect(found[1]).toBe("button.add-to-basket");
    expect(
      found.some((s) => s.includes("css-1x2y3z") || s.includes("sc-bdVaJa") || s.includes("active")),
    ).toBe(false);
  });

  it("names by aria-label, form name, placeholder and href before classes", () => {
    expect(
      selectorCandidates(facts({ tag: "input", classes: ["field"], attributes: { name: "email" } }))[0],
    ).toBe('input[name="email"]');
    expect(selectorCandidates(facts({ tag: "nav", attributes: { "aria-label": "Main" } }))[0]).toBe(
      'nav[aria-label="Main"]',
    );
    expect(selectorCandidates(facts({ tag: "a", attributes: { href: "/about" } }))[0]).toBe(
      'a[href="/about"]',
    );
    expect(selectorCandidates(facts({ tag: "div", attributes: { role: "tab" } }, [], "Reviews"))[0]).toBe(
      "//*[@role='tab'][normalize-space()='Reviews']",
    );
  });

  it("scopes under the nearest ancestor with an id or test id before a positional chain", () => {
    const found = selectorCandidates(
      facts({ tag: "p", classes: ["price"], nthOfType: 2 }, [
        node({ classes: ["book"], nthOfType: 2 }),
        node({ tag: "section", attributes: { "data-qa": "books" } }),
        node({ tag: "main", id: "content" }),
      ]),
    );
    expect(found).toEqual([
      "p.price",
      '[data-qa="books"] p.price',
      '[data-qa="books"] p',
      '[data-qa="books"] > div:nth-of-type(2) > p:nth-of-type(2)',
      "xpath=/html[1]/body[1]/main[1]/section[1]/div[2]/p[2]",
    ]);
  });

  it("keeps positional chains and XPaths last, and no absolute XPath in a shadow root", () => {
    const plain = selectorCandidates(facts({ tag: "span", nthOfType: 3 }, [], "€18.90"));
    expect(plain).toEqual([
      "html:nth-of-type(1) > body:nth-of-type(1) > span:nth-of-type(3)",
      "//span[normalize-space()='€18.90']",
      "xpath=/html[1]/body[1]/span[3]",
    ]);
    const shadow = selectorCandidates({ path: [node({ tag: "p", classes: ["note"] })], inShadow: true });
    expect(shadow).toEqual(["p.note", "p:nth-of-type(1)"]);
  });

  it("escapes ids, classes and attribute values, and names SVG steps in XPath", () => {
    const found = selectorCandidates(
      facts({ tag: "circle", html: false, id: "a.b", attributes: { title: 'say "hi"' } }, [
        node({ tag: "svg", html: false }),
      ]),
    );
    expect(found[0]).toBe("#a\\.b");
    expect(found).toContain('circle[title="say \\"hi\\""]');
    expect(found.at(-1)).toBe("xpath=/html[1]/body[1]/*[name()='svg'][1]/*[name()='circle'][1]");
  });
});
