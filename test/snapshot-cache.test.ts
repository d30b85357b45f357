/**
 * A second read of an unchanged page is answered from the last capture (no new `DOMSnapshot` capture),
 * and every kind of change a snapshot shows makes the next read capture the page again: the DOM in the
 * document, in open and closed shadow roots and in frames; values and states set by a script without
 * touching the DOM; what the user types; CSS that depends on the pointer, the viewport or an animation;
 * frames coming, going and navigating; the page navigating.
 */
import { CdpConnection, PageSessions, takeSnapshot, targetIdOf } from "@loupe/core/engine";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startHarness, type Harness } from "./support/harness.js";

let h: Harness;
let connection: CdpConnection;
let sessions: PageSessions;
let captures = 0;
/** Every command Loupe sent, in order (method names). */
const sent: string[] = [];

const PAGE = `<!doctype html><title>Watched</title>
<style>
  .menu { display: none; }
  .trigger:hover + .menu { display: block; }
  @media (max-width: 600px) { .wide-only { display: none; } }
</style>
<h1 id="heading">First heading</h1>
<button id="labelled" aria-label="Old label">x</button>
<a id="link" href="/old">Plain link</a>
<label>Name <input id="name" value="Ada"></label>
<label><input id="box" type="checkbox"> Gift wrap</label>
<label>Size <select id="size"><option>Small</option><option>Large</option></select></label>
<div><span class="trigger">Hover me</span><div class="menu"><a href="/menu">Menu item</a></div></div>
<p class="wide-only">Wide screens only</p>
<p id="animated" style="visibility: hidden">Animated in</p>
<open-card></open-card>
<closed-card></closed-card>
<iframe id="frame" title="Inner" src="/cache/inner"></iframe>
<script>
  customElements.define("open-card", class extends HTMLElement {
    connectedCallback() { this.attachShadow({ mode: "open" }).innerHTML = '<button id="open-button" aria-label="Open old">o</button>'; }
  });
  customElements.define("closed-card", class extends HTMLElement {
    connectedCallback() {
      window.closedRoot = this.attachShadow({ mode: "closed" });
      window.closedRoot.innerHTML = '<button id="closed-button" aria-label="Closed old">c</button>';
    }
  });
</script>`;

beforeAll(async () => {
  h = await startHarness();
  h.servers.route("/cache/page", () => PAGE);
  h.servers.route("/cache/plain", () => `<!doctype html><title>Plain</title><p id="p">Plain text</p>`);
  h.servers.route("/cache/inner", () => `<!doctype html><title>Inner</title><p id="inner">Inner text</p>`);
  h.servers.route("/cache/other", () => `<!doctype html><title>Other</title><p>Other document</p>`);
  connection = await CdpConnection.connect(h.client.connectURL());
  // Every command, the browser's and each session's, goes out through sendTo.
  const sendTo = connection.sendTo.bind(connection) as (...args: unknown[]) => Promise<never>;
  vi.spyOn(connection, "sendTo").mockImplementation((...args) => {
    const method = args[1];
    if (method === "DOMSnapshot.captureSnapshot") captures++;
    sent.push(method);
    return sendTo(...args);
  });
});
afterAll(async () => {
  await sessions?.detach();
  connection?.close();
  await h.close();
});

/** Reads the page; says how many captures the read made. */
async function read(): Promise<{ text: string; captures: number }> {
  const before = captures;
  const { text } = await takeSnapshot(sessions);
  return { text, captures: captures - before };
}

/** Reads until a read reuses the last capture (a page with new shadow roots needs two reads first). */
async function readUntilReused(): Promise<string> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const { text, captures } = await read();
    if (captures === 0) return text;
  }
  throw new Error("the page was captured again on every read");
}

async function open(path: string): Promise<void> {
  await sessions?.detach();
  await h.goto(path);
  sessions = await PageSessions.attach(connection, await targetIdOf(h.page));
}

describe("an unchanged page", () => {
  it("is captured once: the second read reuses it, with the same text and ids", async () => {
    await open("/cache/plain");
    const first = await read();
    expect(first.captures).toBe(1);
    const second = await read();
    expect(second.captures).toBe(0);
    expect(second.text).toBe(first.text);
  });

  it("with shadow roots: the read after the one that found them reuses its capture", async () => {
    await open("/cache/page");
    const first = await read();
    const reused = await readUntilReused();
    expect(reused).toBe(first.text);
  });
});

describe("a change makes the next read capture the page again", () => {
  beforeEach(async () => {
    await h.page.setViewportSize({ width: 1280, height: 720 });
    await h.page.mouse.move(0, 0);
    await open("/cache/page");
    await readUntilReused();
  });

  const cases: [string, (text: string) => void, () => Promise<unknown>, (text: string) => void][] = [
    [
      "text of an element",
      (t) => expect(t).toContain("heading: First heading"),
      () => h.page.evaluate(`document.getElementById("heading").textContent = "Second heading"`),
      (t) => expect(t).toContain("heading: Second heading"),
    ],
    [
      "an attribute that changes no style (aria-label)",
      (t) => expect(t).toContain("button: Old label"),
      () => h.page.evaluate(`document.getElementById("labelled").setAttribute("aria-label", "New label")`),
      (t) => expect(t).toContain("button: New label"),
    ],
    [
      "an attribute inside an open shadow root",
      (t) => expect(t).toContain("button: Open old"),
      () =>
        h.page.evaluate(
          `document.querySelector("open-card").shadowRoot.getElementById("open-button").setAttribute("aria-label", "Open new")`,
        ),
      (t) => expect(t).toContain("button: Open new"),
    ],
    [
      "an attribute inside a closed shadow root",
      (t) => expect(t).toContain("button: Closed old"),
      () =>
        h.page.evaluate(
          `window.closedRoot.getElementById("closed-button").setAttribute("aria-label", "Closed new")`,
        ),
      (t) => expect(t).toContain("button: Closed new"),
    ],
    [
      "a field's value set by a script (no event, no DOM change)",
      (t) => expect(t).toContain("textbox: Name [value: Ada]"),
      () => h.page.evaluate(`document.getElementById("name").value = "Grace"`),
      (t) => expect(t).toContain("textbox: Name [value: Grace]"),
    ],
    [
      "what the user types",
      (t) => expect(t).toContain("textbox: Name [value: Ada]"),
      async () => {
        await h.page.focus("#name");
        await h.page.keyboard.press("End");
        await h.page.keyboard.type("!");
      },
      (t) => expect(t).toContain("textbox: Name [value: Ada!]"),
    ],
    [
      "a checkbox ticked by a script",
      (t) => expect(t).toMatch(/checkbox: Gift wrap$/m),
      () => h.page.evaluate(`document.getElementById("box").checked = true`),
      (t) => expect(t).toContain("checkbox: Gift wrap [checked]"),
    ],
    [
      "an option picked by a script",
      (t) => expect(t).toContain("combobox: Size [value: Small]"),
      () => h.page.evaluate(`document.getElementById("size").value = "Large"`),
      (t) => expect(t).toContain("combobox: Size [value: Large]"),
    ],
    [
      "CSS that follows the pointer (:hover shows a menu)",
      (t) => expect(t).not.toContain("Menu item"),
      () => h.page.hover(".trigger"),
      (t) => expect(t).toContain("link: Menu item"),
    ],
    [
      "a media query (the viewport narrows)",
      (t) => expect(t).toContain("Wide screens only"),
      () => h.page.setViewportSize({ width: 500, height: 700 }),
      (t) => expect(t).not.toContain("Wide screens only"),
    ],
    [
      "an animation that ends (no DOM change)",
      (t) => expect(t).not.toContain("Animated in"),
      () =>
        h.page.evaluate(
          `document.getElementById("animated").animate([{ visibility: "visible" }, { visibility: "visible" }], { duration: 1, fill: "forwards" }).finished`,
        ),
      (t) => expect(t).toContain("Animated in"),
    ],
    [
      "the text inside an iframe",
      (t) => expect(t).toContain("Inner text"),
      () =>
        h.page
          .frameLocator("#frame")
          .locator("#inner")
          .evaluate((p) => (p.textContent = "Inner changed")),
      (t) => expect(t).toContain("Inner changed"),
    ],
    [
      "an iframe navigating",
      (t) => expect(t).toContain("Inner text"),
      async () => {
        await h.page.evaluate(
          `document.getElementById("frame").contentWindow.location.href = "/cache/other"`,
        );
        await h.page.frameLocator("#frame").getByText("Other document").waitFor();
      },
      (t) => expect(t).toContain("Other document"),
    ],
    [
      "an iframe added",
      (t) => expect(t).not.toContain("Other document"),
      async () => {
        await h.page.evaluate(
          `document.body.append(Object.assign(document.createElement("iframe"), { src: "/cache/other", title: "Added" }))`,
        );
        await h.page.frameLocator('iframe[title="Added"]').getByText("Other document").waitFor();
      },
      (t) => expect(t).toContain("Other document"),
    ],
    [
      "the page navigating",
      (t) => expect(t).toContain("First heading"),
      () => h.page.goto(`${h.servers.originA}/cache/other`),
      (t) => expect(t).toMatch(/^\[0-\d+\] RootWebArea: Other\n Other document$/),
    ],
  ];

  it.each(cases)("%s", async (_label, expectBefore, change, expectAfter) => {
    const before = await read();
    expect(before.captures).toBe(0);
    expectBefore(before.text);
    await change();
    const after = await read();
    expect(after.captures).toBeGreaterThan(0);
    expectAfter(after.text);
  });
});

describe("a change an observer reports", () => {
  it("is read at once: no round trip asks whether the page changed before the capture", async () => {
    await open("/cache/plain");
    await readUntilReused();
    await h.page.evaluate(`document.getElementById("p").textContent = "Told text"`);
    // The observer's event travels on its own; give it the time a real caller's next step would.
    await expect.poll(async () => (await read()).text).toContain("Told text");
    await readUntilReused();
    await h.page.evaluate(`document.getElementById("p").textContent = "Told again"`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    sent.length = 0;
    const after = await read();
    expect(after.text).toContain("Told again");
    // The read starts with the capture's own pipeline: one frame-tree read before the capture, one after.
    const first = sent.indexOf("DOMSnapshot.captureSnapshot");
    expect(sent.slice(0, first).filter((method) => method === "Page.getFrameTree")).toHaveLength(1);
  });

  it("through a binding the page itself cannot see", async () => {
    await open("/cache/plain");
    await read();
    expect(await h.page.evaluate(`Object.keys(window).filter((key) => key.startsWith("__loupe"))`)).toEqual(
      [],
    );
  });
});
