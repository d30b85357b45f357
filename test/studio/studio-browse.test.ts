import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onLiveView as onLiveViewOf, resizeWindow } from "../support/live-view.js";
import { WINDOW_SIZES } from "../support/window-sizes.js";
import { startStudioHarness, type StudioHarness } from "../support/studio-harness.js";

/** A page laid out at fixed CSS points: a button, a link opening a tab, an open shadow root, an iframe. */
const FIXED_PAGE = (originB: string) => `<!doctype html><html><head><title>Fixed</title>
<style>body{margin:0} #b{position:absolute;left:0;top:0;width:200px;height:100px}
#open{position:absolute;left:0;top:150px} #h{position:absolute;left:300px;top:0}
iframe{position:absolute;left:0;top:300px;width:500px;height:200px;border:0}</style></head>
<body><button id="b" onclick="this.textContent='Clicked ' + (++window.n)">Press me</button>
<a id="open" href="/frames-shadow/" target="_blank">Open the shop in a tab</a>
<div id="h"></div>
<iframe title="Cross" src="${originB}/frames-shadow/cross.html"></iframe>
<script>window.n = 0; const r = document.getElementById("h").attachShadow({ mode: "open" });
r.innerHTML = '<p style="margin:0;width:200px;height:40px" class="note">Shadow text: Green Scarf</p>';</script>
</body></html>`;

/** The live view's <img> as the test reads it (this file is type-checked without the DOM library). */
interface DrawnImage {
  complete: boolean;
  naturalWidth: number;
}

async function eventually(check: () => Promise<boolean>, what = "a condition"): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("browsing in the Studio", () => {
  let h: StudioHarness;
  let fixedUrl: string;

  beforeAll(async () => {
    h = await startStudioHarness();
    h.servers.route("/fixed.html", () => FIXED_PAGE(h.servers.originB));
    fixedUrl = `${h.servers.originA}/fixed.html`;
  });
  afterAll(async () => {
    await h?.close();
  });

  const onLiveView = (x: number, y: number) => onLiveViewOf(h.ui, x, y);

  async function pageText(): Promise<string> {
    return (await h.studio.service.handlers["snapshot.get"]({})).text;
  }

  it("opens on the demo page with a live frame drawn", async () => {
    const image = h.ui.getByRole("img", { name: "The page, live" });
    await image.waitFor();
    await eventually(() => image.evaluate((img: DrawnImage) => img.complete && img.naturalWidth > 0));
    await h.ui.getByText(/^\d+×\d+$/).waitFor();
    const address = h.ui.getByRole("textbox", { name: "Address" });
    await eventually(async () => (await address.inputValue()).startsWith("http://127.0.0.1"));
    const { demoUrl } = await h.studio.service.handlers["app.info"]({});
    expect(await address.inputValue()).toBe(demoUrl);
    await h.screenshot("browse");
  });

  it.each(WINDOW_SIZES)("navigates from the address bar and back at $width×$height", async (size) => {
    await resizeWindow(h.ui, size);
    const address = h.ui.getByRole("textbox", { name: "Address" });
    const { demoUrl } = await h.studio.service.handlers["app.info"]({});
    await h.studio.service.handlers["session.navigate"]({ to: { url: demoUrl } });
    await eventually(async () => (await address.inputValue()) === demoUrl, "the demo page first");
    // Typed without a scheme, as a person would: a loopback address gets http://.
    await address.fill(fixedUrl.replace("http://", ""));
    await address.press("Enter");
    await h.ui.getByRole("tab", { name: "Fixed" }).waitFor();
    expect(await address.inputValue()).toBe(fixedUrl);
    await h.ui.getByRole("button", { name: "Back" }).click();
    await eventually(async () => (await address.inputValue()) === demoUrl);
    await h.ui.getByRole("button", { name: "Forward" }).click();
    await eventually(async () => (await address.inputValue()) === fixedUrl);

    await address.fill("ftp://files.example");
    await address.press("Enter");
    // Another scheme is refused in the address bar with what to type instead; nothing is sent.
    await expect(h.ui.locator(".browse-error").textContent()).resolves.toBe(
      "The Studio opens http and https pages only: start the address with https:// or http://.",
    );
    expect(await address.inputValue()).toBe("ftp://files.example");
  });

  it("clicks the page through the live view, and brings a tab the page opens to the front", async () => {
    // Wait for a frame of the fixed page before aiming at it.
    await eventually(async () => (await pageText()).includes("Press me"));
    const button = await onLiveView(50, 50);
    await h.ui.mouse.click(button.x, button.y);
    await eventually(async () => (await pageText()).includes("Clicked 1"));

    const link = await onLiveView(20, 158);
    await h.ui.mouse.click(link.x, link.y);
    const tab = h.ui.getByRole("tab", { name: "Frames and shadows" });
    await tab.waitFor();
    await eventually(
      async () => (await tab.getAttribute("aria-selected")) === "true",
      "the new tab in front",
    );
    // Back to the opener for the picker test.
    const fixed = h.ui.getByRole("tab", { name: "Fixed" });
    await fixed.click();
    await eventually(
      async () => (await fixed.getAttribute("aria-selected")) === "true",
      "the opener in front",
    );
    await eventually(async () => (await pageText()).includes("Clicked 1"), "the opener's text");
  });

  it("picks an element in a shadow root: the selector is filled and its snapshot part shown", async () => {
    await h.ui.getByRole("button", { name: "Pick" }).click();
    const inShadow = await onLiveView(320, 20);
    await h.ui.mouse.move(inShadow.x, inShadow.y);
    await h.ui.getByText("p.note", { exact: true }).waitFor();
    await h.ui.mouse.click(inShadow.x, inShadow.y);
    const selector = h.ui.getByLabel("Picked selector");
    await selector.waitFor();
    const picked = (await selector.textContent()) ?? "";
    expect(picked).not.toBe("");
    expect(await h.ui.getByLabel("Picked element snapshot").textContent()).toContain(
      "Shadow text: Green Scarf",
    );
    const cut = await h.studio.service.handlers["snapshot.get"]({ selector: picked });
    expect(cut.text).toContain("Shadow text: Green Scarf");
    expect(cut.text).not.toContain("Press me");
    await h.screenshot("picker");
  });

  it("shows the snapshot with tokens, searches it, and highlights a line's element", async () => {
    await h.ui.getByRole("tab", { name: "Snapshot" }).click();
    const stats = h.ui.getByLabel("Snapshot size");
    await stats.waitFor();
    expect(await stats.textContent()).toMatch(/\d+ tokens\d+ elements/);
    await h.ui.getByRole("searchbox", { name: "Search the snapshot" }).fill("clicked");
    await h.ui.getByText("1 match", { exact: true }).waitFor();
    const list = h.ui.getByRole("list", { name: "Snapshot" });
    await list.getByRole("button", { name: /button: Clicked 1/ }).click();
    await h.ui.getByText("Highlighted button#b on the live view").waitFor();
    await h.screenshot("snapshot");
  });

  it.each(WINDOW_SIZES)("shows the live page in a second window of $width×$height", async (size) => {
    const second = await h.browser.newPage({ viewport: size });
    try {
      await second.goto(h.studio.url);
      // The screencast is already running for the first window: the second gets its newest frame.
      await second.locator(".live-status").getByText("Live", { exact: true }).waitFor({ timeout: 20_000 });
      const image = second.getByRole("img", { name: "The page, live" });
      await eventually(() => image.evaluate((img: DrawnImage) => img.complete && img.naturalWidth > 0));
    } finally {
      await second.close();
    }
  });

  it.each(WINDOW_SIZES)(
    "opens a blank tab, goes where typed, and closes tabs, leaving a blank one after the last, at $width×$height",
    async (size) => {
      await resizeWindow(h.ui, size);
      h.servers.route("/e2e/third", () => "<!doctype html><title>Third</title><p>third tab</p>");
      const tabs = h.ui.getByRole("tablist", { name: "Browser tabs" }).getByRole("tab");
      const selected = h.ui
        .getByRole("tablist", { name: "Browser tabs" })
        .getByRole("tab", { selected: true });
      const address = h.ui.getByRole("textbox", { name: "Address" });
      const focused = () => h.ui.evaluate(`document.activeElement?.getAttribute("aria-label")`);
      const before = await tabs.count();

      await h.ui.getByRole("button", { name: "New tab" }).click();
      await eventually(async () => (await tabs.count()) === before + 1, "a new tab");
      await eventually(async () => (await selected.textContent()) === "New tab", "the new tab in front");
      // A new tab waits for an address, as in a browser.
      await eventually(async () => (await focused()) === "Address", "the address bar focused");
      expect(await address.inputValue()).toBe("");
      await h.ui.keyboard.type(`${h.servers.originA}/e2e/third`);
      await h.ui.keyboard.press("Enter");
      await eventually(async () => (await selected.textContent()) === "Third", "the typed page");

      await h.ui.getByRole("button", { name: "Close tab" }).click();
      await eventually(async () => (await tabs.count()) === before, "the tab closed");
      expect(await tabs.allTextContents()).not.toContain("Third");
      expect(await selected.count()).toBe(1);

      // Delete on a tab closes it, down to the last; closing that one leaves a blank tab to type into.
      for (let left = before; left > 1; left--) {
        await selected.focus();
        await h.ui.keyboard.press("Delete");
        await eventually(async () => (await tabs.count()) === left - 1, "a tab closed with Delete");
      }
      await h.ui.getByRole("button", { name: "Close tab" }).click();
      await eventually(
        async () => (await selected.textContent()) === "New tab",
        "a blank tab after the last",
      );
      // The blank tab can show before the closed one's removal reaches the strip.
      await eventually(async () => (await tabs.count()) === 1, "one tab left");
      const pages = async () =>
        (await h.studio.service.handlers["session.pages"]({})).pages.map(({ url, active }) => ({
          url,
          active,
        }));
      await expect.poll(pages).toEqual([{ url: "about:blank", active: true }]);
      await h.screenshot(`tabs-${size.width}x${size.height}`);
    },
  );
});
