import { describe, expect, it } from "vitest";
import { ClientError } from "../errors.js";
import { formatSelectorChain, parseSelectorChain, stepText, type SelectorStep } from "./selector-chain.js";

const HOST = "xpath=/html[1]/body[1]/x-card[1]";
const SHADOW = " >> css=:scope > * >> xpath=parent::node()[not(self::*)]";
const FRAME = " >> internal:control=enter-frame >> ";

describe("parseSelectorChain", () => {
  it("reads a plain CSS selector or XPath as one page step, `>>` inside it untouched", () => {
    expect(parseSelectorChain("  main > p.note  ")).toEqual([{ enter: "page", selector: "main > p.note" }]);
    expect(parseSelectorChain("#a >> span")).toEqual([{ enter: "page", selector: "#a >> span" }]);
  });

  it("reads frame steps", () => {
    expect(parseSelectorChain(`#frame${FRAME}xpath=/html[1]/body[1]/p[1]`)).toEqual([
      { enter: "page", selector: "#frame" },
      { enter: "frame", selector: "xpath=/html[1]/body[1]/p[1]" },
    ]);
  });

  it("reads nested shadow steps, an iframe inside a shadow root and a shadow root inside that frame", () => {
    const selector =
      `${HOST}${SHADOW}/div[1]/y-box[1]${SHADOW}/iframe[1]${FRAME}` +
      `xpath=/html[1]/body[1]/div[1]${SHADOW}/button[2]`;
    expect(parseSelectorChain(selector)).toEqual([
      { enter: "page", selector: HOST },
      { enter: "shadow", xpath: "/div[1]/y-box[1]" },
      { enter: "shadow", xpath: "/iframe[1]" },
      { enter: "frame", selector: "xpath=/html[1]/body[1]/div[1]" },
      { enter: "shadow", xpath: "/button[2]" },
    ]);
  });

  it("allows the whitespace Playwright allows around >> and inside :scope > *", () => {
    expect(parseSelectorChain(`${HOST}>>css=:scope>*>>xpath=parent::node()[not(self::*)]//button`)).toEqual([
      { enter: "page", selector: HOST },
      { enter: "shadow", xpath: "//button" },
    ]);
  });

  it("does not take a different XPath after css=:scope > * for a shadow step", () => {
    // Without the climb to the shadow root, Playwright would also match the host's own children.
    expect(parseSelectorChain(`${HOST} >> css=:scope > * >> xpath=./button[1]`)).toHaveLength(1);
  });

  it.each([
    [`${HOST}${SHADOW}`, /The shadow step of selector .* has no path after it/],
    [`${SHADOW.trim()}/div[1]`, /has an empty step/],
    [`#frame${FRAME}`, /has an empty step/],
  ])("refuses %s with a ClientError that says what to write", (selector, message) => {
    expect(() => parseSelectorChain(selector)).toThrow(ClientError);
    expect(() => parseSelectorChain(selector)).toThrow(message);
  });
});

describe("formatSelectorChain", () => {
  it("writes what parseSelectorChain reads", () => {
    const steps: SelectorStep[] = [
      { enter: "page", selector: "xpath=/html[1]/body[1]/iframe[1]" },
      { enter: "frame", selector: HOST },
      { enter: "shadow", xpath: "/div[1]/button[1]" },
    ];
    const selector = formatSelectorChain(steps);
    expect(selector).toBe(`xpath=/html[1]/body[1]/iframe[1]${FRAME}${HOST}${SHADOW}/div[1]/button[1]`);
    expect(parseSelectorChain(selector)).toEqual(steps);
  });
});

describe("stepText", () => {
  it("shows a shadow step as the XPath it is in the selector", () => {
    expect(stepText({ enter: "shadow", xpath: "/div[1]" })).toBe("xpath=parent::node()[not(self::*)]/div[1]");
    expect(stepText({ enter: "frame", selector: "#f" })).toBe("#f");
  });
});
