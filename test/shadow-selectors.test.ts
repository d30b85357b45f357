/**
 * The selector `act()` returns for an element inside shadow roots — open, closed, nested, inside an
 * iframe, around an iframe — designates that element and no other: Loupe's own `selector` option takes it
 * back to the same element (same snapshot id), Playwright's `page.locator()` finds it where Playwright
 * can (open shadow roots) and nothing where it cannot (closed ones). A shadow step after an element
 * without a shadow root is a ClientShadowRootMissingError.
 */
import { ClientError, ClientShadowRootMissingError, XPathResolutionError } from "@loupe/core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { actReply, idOf, rejectionOf, startHarness, type Harness } from "./support/harness.js";

const SHADOW = " >> css=:scope > * >> xpath=parent::node()[not(self::*)]";
const MAIN = "xpath=/html[1]/body[1]/main[1]";

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
afterEach(() => h.model.reset());

async function open(): Promise<string> {
  await h.goto("/shadow-selectors/");
  return (await h.client.extract()).pageText;
}

/** The snapshot id of the button named `name`, and the selector act() returns for it. */
async function selectorOfButton(name: string): Promise<{ id: string; selector: string }> {
  const id = idOf(await open(), `button: ${name}`);
  h.model.enqueue(actReply(id, "click"));
  const { success, action } = await h.client.act(`click ${name}`);
  expect(success).toBe(true);
  return { id, selector: action?.selector ?? "" };
}

describe("the selector act() returns for an element in a shadow root", () => {
  it.each([
    [
      "an open shadow root, beside a slotted light-DOM button of the same tag and position",
      "Open button",
      `${MAIN}/div[1]${SHADOW}/button[1]`,
      "open-button",
    ],
    ["a closed shadow root", "Closed button", `${MAIN}/closed-box[1]${SHADOW}/button[1]`, null],
    [
      "an open shadow root nested in an open one",
      "Nested open",
      `${MAIN}/outer-box[1]${SHADOW}/section[1]/inner-box[1]${SHADOW}/div[1]/button[1]`,
      "nested-open-button",
    ],
    [
      "a closed shadow root nested in an open one",
      "Nested closed",
      `${MAIN}/outer-box[1]${SHADOW}/section[1]/inner-box[2]${SHADOW}/div[1]/button[1]`,
      null,
    ],
    [
      "an open shadow root inside a same-origin iframe",
      "In frame same",
      `${MAIN}/iframe[1] >> internal:control=enter-frame >> xpath=/html[1]/body[1]/div[1]${SHADOW}/button[1]`,
      "frame-button-same",
    ],
    [
      "an open shadow root inside a cross-origin (out-of-process) iframe",
      "In frame cross",
      `${MAIN}/iframe[2] >> internal:control=enter-frame >> xpath=/html[1]/body[1]/div[1]${SHADOW}/button[1]`,
      "frame-button-cross",
    ],
    [
      "an open shadow root inside an iframe that is itself in an open shadow root",
      "In frame shadow",
      `${MAIN}/outer-box[1]${SHADOW}/iframe[1] >> internal:control=enter-frame >> ` +
        `xpath=/html[1]/body[1]/div[1]${SHADOW}/button[1]`,
      "frame-button-shadow",
    ],
  ])("in %s designates the element itself", async (_, name, expected, playwrightId) => {
    const { id, selector } = await selectorOfButton(name);

    expect(selector).toBe(expected);
    // Loupe's selector option reads exactly that element: the snapshot of it is its own line, same id.
    const scoped = (await h.client.extract({ selector })).pageText;
    expect(idOf(scoped, `button: ${name}`)).toBe(id);
    expect(scoped.trim().split("\n")).toHaveLength(1);
    // Playwright follows the same chain into open shadow roots; a closed one it cannot enter: nothing.
    const located = h.page.locator(selector);
    if (playwrightId === null) {
      expect(await located.count()).toBe(0);
    } else {
      expect(await located.count()).toBe(1);
      expect(await located.getAttribute("id")).toBe(playwrightId);
    }
  });

  it("the slotted light-DOM button keeps its plain XPath", async () => {
    const { selector } = await selectorOfButton("Light button");
    expect(selector).toBe(`${MAIN}/div[1]/button[1]`);
    expect(await h.page.locator(selector).getAttribute("id")).toBe("light-button");
  });

  it("works in ignoreSelectors: only that element is left out", async () => {
    const { selector } = await selectorOfButton("Nested closed");
    const text = (await h.client.extract({ ignoreSelectors: [selector] })).pageText;
    expect(text).not.toContain("button: Nested closed");
    expect(text).toContain("closed inner");
    expect(text).toContain("button: Nested open");
  });
});

describe("a shadow step that cannot be followed", () => {
  it("after an element without a shadow root is a ClientShadowRootMissingError naming the step", async () => {
    await open();
    const selector = `xpath=//p[@id='plain']${SHADOW}/button[1]`;

    const error = await rejectionOf(h.client.extract({ selector }));

    expect(error).toBeInstanceOf(ClientShadowRootMissingError);
    expect(error).toBeInstanceOf(ClientError);
    expect(error).toMatchObject({ selector, step: "xpath=//p[@id='plain']", tagName: "p" });
    expect((error as Error).message).toBe(
      `The step "xpath=//p[@id='plain']" of selector "${selector}" matches a <p> that has no shadow root, ` +
        `so the element inside its shadow root cannot be resolved. The page may have changed (the component ` +
        `not rendered yet, or replaced), or the step names the wrong element: check it in the browser's devtools.`,
    );
  });

  it("the browser's own shadow root inside an <input> does not count as one", async () => {
    await open();
    const error = await rejectionOf(h.client.extract({ selector: `#ua-input${SHADOW}/div[1]` }));
    expect(error).toBeInstanceOf(ClientShadowRootMissingError);
    expect(error).toMatchObject({ step: "#ua-input", tagName: "input" });
  });

  it("a stored selector whose host was replaced by an element without one (the page changed)", async () => {
    const { id, selector } = await selectorOfButton("Replaceable button");
    expect(idOf((await h.client.extract({ selector })).pageText, "button: Replaceable button")).toBe(id);
    await h.page.evaluate(
      `document.getElementById("replaceable-host").replaceWith(document.createElement("div"))`,
    );

    const error = await rejectionOf(h.client.extract({ selector }));

    expect(error).toBeInstanceOf(ClientShadowRootMissingError);
    expect(error).toMatchObject({ selector, step: `${MAIN}/div[2]`, tagName: "div" });
    expect(await h.page.locator(selector).count()).toBe(0);
  });

  it("a host step that matches nothing is an XPathResolutionError naming the whole selector", async () => {
    await open();
    const selector = `${MAIN}/section[9]${SHADOW}/button[1]`;

    const error = await rejectionOf(h.client.extract({ selector }));

    expect(error).toBeInstanceOf(XPathResolutionError);
    expect(error).toMatchObject({ xpath: "/html[1]/body[1]/main[1]/section[9]", selector });
    expect((error as Error).message).toMatch(
      /a step of selector .* matches no element where the steps before it lead/,
    );
  });

  it("a path that matches nothing inside the shadow root is an XPathResolutionError", async () => {
    await open();
    const selector = `${MAIN}/div[1]${SHADOW}/button[7]`;
    const error = await rejectionOf(h.client.extract({ selector }));
    expect(error).toBeInstanceOf(XPathResolutionError);
    expect(error).toMatchObject({ xpath: "parent::node()[not(self::*)]/button[7]", selector });
  });

  it("another >> chain is an invalid CSS selector whose message shows the two steps Loupe follows", async () => {
    await open();
    const error = await rejectionOf(h.client.extract({ selector: "#open-host >> button" }));
    expect(error).toBeInstanceOf(ClientError);
    expect((error as Error).message).toContain(
      'Loupe follows ">>" only in a frame step (">> internal:control=enter-frame >>") and a shadow step ' +
        '(">> css=:scope > * >> xpath=parent::node()[not(self::*)]/path")',
    );
  });
});
