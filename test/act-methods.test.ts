/**
 * `act()` performs each method with real input on a real page: click, doubleClick, hover, fill, type,
 * press, selectOption, check, uncheck, scrollIntoView, scroll — in the main frame, a cross-origin
 * (out-of-process) iframe and a closed shadow root — and on pages of Puppeteer and Patchright.
 *
 * Each test reads the page with `extract()` (no model call; ids are stable), scripts the model's answer
 * with the id it found there, and checks what the page saw.
 */
import { chromium as patchright } from "patchright-core";
import puppeteer from "puppeteer-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { actReply, idOf, startHarness, type Harness } from "./support/harness.js";

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  h.servers.route("/act/results", (req) => {
    const q = new URL(req.url ?? "/", "http://x").searchParams.get("q") ?? "";
    return `<!doctype html><title>Results</title><h1>Results for ${q.replace(/[<&]/g, "")}</h1>`;
  });
});
afterAll(() => h.close());
afterEach(() => h.model.reset());

/** Opens an act fixture and returns its snapshot text. */
async function open(fixture: string): Promise<string> {
  await h.goto(`/act/${fixture}.html`);
  return (await h.client.extract()).pageText;
}

/** What the page's handlers recorded (`window.seen` in the fixtures). */
function seen(): Promise<Record<string, unknown>> {
  return h.page.evaluate<Record<string, unknown>>("window.seen");
}

describe("click", () => {
  it("clicks a button that reveals text, and says what it did", async () => {
    const text = await open("controls");
    expect(text).not.toContain("Details: ships within 2 days");
    const id = idOf(text, "button: Show details");
    h.model.enqueue(actReply(id, "click", [], "Click Show details"));

    const result = await h.client.act("show the details");

    expect(result).toEqual({
      success: true,
      message: `Click on button "Show details" [${id}]: clicked it.`,
      action: {
        elementId: id,
        method: "click",
        arguments: [],
        description: "Click Show details",
        selector: "xpath=/html[1]/body[1]/main[1]/button[1]",
      },
    });
    expect(await seen()).toMatchObject({ reveal: 1 });
    expect((await h.client.extract()).pageText).toContain("Details: ships within 2 days");
    expect(h.model.requests).toHaveLength(1);
  });

  it("the selector of an element in the main frame is an XPath that finds it again without a model", async () => {
    const text = await open("controls");
    h.model.enqueue(actReply(idOf(text, "button: Double me"), "click"));

    const { action } = await h.client.act("click Double me");

    const selector = action!.selector;
    expect(selector).toBe("xpath=/html[1]/body[1]/main[1]/button[3]");
    expect(
      await h.page.evaluate(
        `document.evaluate(${JSON.stringify(selector.slice("xpath=".length))}, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue.id`,
      ),
    ).toBe("double");
    expect(await h.page.locator(selector).getAttribute("id")).toBe("double");
    // Loupe's own selector option takes it as it is.
    expect((await h.client.extract({ selector })).pageText).toContain("Double me");
  });

  it("clicks a button inside a closed shadow root: its handler runs with a trusted event", async () => {
    const text = await open("controls");
    const id = idOf(text, "button: Buy from the shadow");
    h.model.enqueue(actReply(id, "click"));

    const result = await h.client.act("buy from the shadow");

    expect(result.success).toBe(true);
    expect(await seen()).toMatchObject({ shadowClicks: 1, shadowTrusted: true, reveal: 0 });
    // The host's XPath, then the shadow step (shadow-selectors.test.ts follows every form back).
    expect(result.action?.selector).toBe(
      "xpath=/html[1]/body[1]/main[1]/shadow-shop[1] >> css=:scope > * >> xpath=parent::node()[not(self::*)]/button[1]",
    );
    // Playwright cannot enter a closed shadow root: it finds nothing, not the host.
    expect(await h.page.locator(result.action!.selector).count()).toBe(0);
  });

  it("doubleClick fires dblclick (and the two clicks a person's double click makes)", async () => {
    const text = await open("controls");
    const id = idOf(text, "button: Double me");
    h.model.enqueue(actReply(id, "doubleClick"));

    const result = await h.client.act("double-click Double me");

    expect(result).toMatchObject({
      success: true,
      message: `DoubleClick on button "Double me" [${id}]: double-clicked it.`,
    });
    expect(await seen()).toMatchObject({ dblclick: 1, dblclickTrusted: true, clicksOnDouble: 2 });
  });
});

describe("hover", () => {
  it("moves the pointer over the element: mouseenter runs and :hover applies", async () => {
    const text = await open("controls");
    const id = idOf(text, "button: Hover card");
    h.model.enqueue(actReply(id, "hover"));

    const result = await h.client.act("hover over the card");

    expect(result).toMatchObject({
      success: true,
      message: `Hover on button "Hover card" [${id}]: hovered over it.`,
    });
    expect(await seen()).toMatchObject({ mouseenter: 1 });
    expect(await h.page.evaluate(`document.getElementById("hover-card").matches(":hover")`)).toBe(true);
    expect(
      await h.page.evaluate(`getComputedStyle(document.getElementById("hover-card")).backgroundColor`),
    ).toBe("rgb(255, 200, 0)");
    expect((await h.client.extract()).pageText).toContain("The card was hovered");
  });
});

describe("selectOption", () => {
  it("chooses the option by its label; input and change fire and the value changes", async () => {
    const text = await open("controls");
    const id = idOf(text, "combobox: Size [value: Medium]");
    h.model.enqueue(actReply(id, "selectOption", ["Large"]));

    const result = await h.client.act("choose the large size");

    expect(result).toMatchObject({
      success: true,
      message: `SelectOption on combobox "Size" [${id}]: chose "Large".`,
      action: { method: "selectOption", arguments: ["Large"] },
    });
    expect(await seen()).toMatchObject({ sizeChanges: 1, sizeValue: "l" });
    expect(await h.page.locator("#size").inputValue()).toBe("l");
    expect((await h.client.extract()).pageText).toContain(`[${id}] combobox: Size [value: Large]`);
  });
});

describe("check and uncheck", () => {
  it("checks, unchecks, and treats an already-checked box as done without clicking it", async () => {
    const text = await open("controls");
    const gift = idOf(text, "checkbox: Gift wrap");
    const newsletter = idOf(text, "checkbox: Newsletter [checked]");
    h.model.enqueue(actReply(gift, "check"), actReply(gift, "uncheck"), actReply(newsletter, "check"));

    const checked = await h.client.act("ask for gift wrap");
    expect(checked).toMatchObject({
      success: true,
      message: `Check on checkbox "Gift wrap" [${gift}]: checked it.`,
    });
    expect(await h.page.locator("#gift").isChecked()).toBe(true);

    const unchecked = await h.client.act("no gift wrap after all");
    expect(unchecked).toMatchObject({
      success: true,
      message: `Uncheck on checkbox "Gift wrap" [${gift}]: unchecked it.`,
    });
    expect(await h.page.locator("#gift").isChecked()).toBe(false);

    const already = await h.client.act("subscribe to the newsletter");
    expect(already).toMatchObject({
      success: true,
      message: `Check on checkbox "Newsletter" [${newsletter}]: it was already checked.`,
    });
    expect(await h.page.locator("#newsletter").isChecked()).toBe(true);
    expect(await seen()).toMatchObject({ giftClicks: 2, newsletterClicks: 0 });
    expect(h.model.requests).toHaveLength(3);
  });
});

describe("press", () => {
  it("presses Enter in a search field: the form is submitted and the page navigates", async () => {
    const text = await open("search");
    const id = idOf(text, "textbox: Query [value: red shoes]");
    h.model.enqueue(actReply(id, "press", ["Enter"]));

    const result = await h.client.act("submit the search");

    expect(result).toMatchObject({
      success: true,
      message: `Press on textbox "Query" [${id}]: pressed Enter.`,
    });
    await h.page.waitForURL(`${h.servers.originA}/act/results?q=red+shoes`, { timeout: 5_000 });
    expect(JSON.parse(await h.page.evaluate<string>(`sessionStorage.getItem("submits")`))).toEqual([
      { value: "red shoes", submitter: "Search" },
    ]);
    expect((await h.client.extract()).pageText).toContain("heading: Results for red shoes");
  });
});

describe("fill and type in a cross-origin iframe", () => {
  it("the frame is out of process; fill replaces the value and type appends key by key", async () => {
    const text = await open("frame-host");
    const cdp = await h.client.context.newCDPSession(h.page);
    try {
      const { targetInfos } = await cdp.send("Target.getTargets");
      expect(targetInfos).toContainEqual(
        expect.objectContaining({ type: "iframe", url: `${h.servers.originB}/act/frame.html` }),
      );
    } finally {
      await cdp.detach();
    }
    const name = idOf(text, "textbox: Name on card [value: Old Name]");
    const note = idOf(text, "textbox: Note [value: ada]");
    expect(name).toMatch(/^[1-9]\d*-/); // not frame 0: the element lives in the iframe's document
    h.model.enqueue(actReply(name, "fill", ["Grace Hopper"]), actReply(note, "type", ["@example.com"]));
    const frame = h.page.frameLocator("#payment");

    const filled = await h.client.act("put Grace Hopper as the name on the card");
    const typed = await h.client.act("add @example.com to the note");

    expect(filled).toMatchObject({
      success: true,
      message: `Fill on textbox "Name on card" [${name}]: filled it; it now holds "Grace Hopper".`,
    });
    expect(await frame.locator("#card-name").inputValue()).toBe("Grace Hopper");
    expect(typed).toMatchObject({
      success: true,
      message: `Type on textbox "Note" [${note}]: typed into it; it now holds "ada@example.com".`,
    });
    expect(await frame.locator("#note").inputValue()).toBe("ada@example.com");
    const keys = await h.page.frame({ url: /frame\.html$/ })!.evaluate<string[]>("window.keys");
    // One keydown per character (after the End that puts the caret after "ada": an email input has no
    // selection API to do it).
    expect(keys.filter((key) => key.length === 1)).toEqual([..."@example.com"]);
  });

  it("clicks a button in the frame, below the first screen: the click lands on it", async () => {
    const text = await open("frame-host");
    const id = idOf(text, "button: Pay in the frame");
    h.model.enqueue(actReply(id, "click"));

    const result = await h.client.act("pay");

    expect(result).toMatchObject({
      success: true,
      message: `Click on button "Pay in the frame" [${id}]: clicked it.`,
    });
    const frame = h.page.frame({ url: /frame\.html$/ })!;
    expect(await frame.evaluate("window.payClicks")).toEqual([{ trusted: true, target: "pay-button" }]);
    expect(await h.page.evaluate("scrollY")).toBeGreaterThan(0);
  });

  it("the selector of an element in the iframe is a Playwright chain that page.locator() follows", async () => {
    const text = await open("frame-host");
    const id = idOf(text, "textbox: Name on card [value: Old Name]");
    h.model.enqueue(actReply(id, "fill", ["Ada Lovelace"]));

    const { action } = await h.client.act("name on card: Ada Lovelace");

    expect(action?.selector).toBe(
      "xpath=/html[1]/body[1]/iframe[1] >> internal:control=enter-frame >> xpath=/html[1]/body[1]/form[1]/label[1]/input[1]",
    );
    const located = h.page.locator(action!.selector);
    expect(await located.getAttribute("id")).toBe("card-name");
    expect(await located.inputValue()).toBe("Ada Lovelace");
  });
});

describe("scroll and scrollIntoView", () => {
  it("scroll on the page's own id scrolls the page by that fraction of the viewport", async () => {
    const text = await open("scroll");
    const id = idOf(text, "RootWebArea: Act scroll");
    h.model.enqueue(actReply(id, "scroll", ["1"]));

    const result = await h.client.act("scroll down one screen");

    expect(result).toMatchObject({
      success: true,
      message: `Scroll on RootWebArea "Act scroll" [${id}]: scrolled down by 1 of its visible height.`,
    });
    await h.page.waitForFunction("scrollY >= innerHeight - 1", undefined, { timeout: 5_000 });
    expect(await h.page.evaluate("scrollY < innerHeight * 1.1")).toBe(true);
  });

  it("scroll on a scrollable element scrolls that element, not the page", async () => {
    const text = await open("scroll");
    const id = idOf(text, "region: Message log: Line one of a long log");
    h.model.enqueue(actReply(id, "scroll", ["0.5"]));

    const result = await h.client.act("scroll the message log down half a box");

    expect(result.success).toBe(true);
    const log = `document.getElementById("log")`;
    await h.page.waitForFunction(`${log}.scrollTop >= ${log}.clientHeight / 2 - 1`, undefined, {
      timeout: 5_000,
    });
    expect(await h.page.evaluate(`${log}.scrollTop <= ${log}.clientHeight`)).toBe(true);
    expect(await h.page.evaluate("scrollY")).toBe(0);
  });

  it("scrollIntoView brings an element at the end of a long page into the viewport", async () => {
    const text = await open("scroll");
    const id = idOf(text, "link: Back to top");
    h.model.enqueue(actReply(id, "scrollIntoView"));

    const result = await h.client.act("go to the end of the page");

    expect(result).toMatchObject({
      success: true,
      message: `ScrollIntoView on link "Back to top" [${id}]: scrolled it into view.`,
    });
    const rect = `document.getElementById("to-top").getBoundingClientRect()`;
    expect(await h.page.evaluate(`${rect}.top >= 0 && ${rect}.bottom <= innerHeight`)).toBe(true);
  });
});

describe("pages of other libraries on the same browser", () => {
  it("acts on a Puppeteer page attached through connectURL()", async () => {
    const text = await open("controls");
    const browser = await puppeteer.connect({
      browserWSEndpoint: h.client.connectURL(),
      defaultViewport: null,
    });
    try {
      const page = (await browser.pages()).find((p) => p.url() === `${h.servers.originA}/act/controls.html`);
      expect(page, "Puppeteer sees the client's page").toBeDefined();
      h.model.enqueue(actReply(idOf(text, "button: Show details"), "click"));

      const result = await h.client.act("show the details", { page });

      expect(result.success).toBe(true);
      expect(await page!.evaluate(`window.seen.reveal`)).toBe(1);
      expect(await page!.$eval("#details", (el) => (el as unknown as { hidden: boolean }).hidden)).toBe(
        false,
      );
    } finally {
      await browser.disconnect();
    }
  });

  it("acts on a Patchright page attached through connectURL()", async () => {
    const text = await open("controls");
    const browser = await patchright.connectOverCDP(h.client.connectURL());
    try {
      const page = browser
        .contexts()
        .flatMap((context) => context.pages())
        .find((p) => p.url() === `${h.servers.originA}/act/controls.html`);
      expect(page, "Patchright sees the client's page").toBeDefined();
      h.model.enqueue(actReply(idOf(text, "combobox: Size [value: Medium]"), "selectOption", ["Small"]));

      const result = await h.client.act("choose small", { page });

      expect(result.success).toBe(true);
      expect(await page!.locator("#size").inputValue()).toBe("s");
    } finally {
      await browser.close();
    }
    // Patchright is gone; the client still acts.
    expect((await h.client.extract()).pageText).toContain("combobox: Size [value: Small]");
  });
});
