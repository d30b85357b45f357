/**
 * Navigation feedback and results that say where they came from, on the real UI: an address that is no
 * address, a refused connection and a stopped navigation each get one plain sentence (no ANSI, no call
 * log, never `chrome-error://`); a loading bar and Stop while a navigation is under way; a schema miss
 * counts the model calls it made; a result names its page and is marked after navigating; the snapshot
 * of a page still streaming in waits for the whole page; a navigation the page starts itself shows the
 * loading bar and Stop too.
 */
import { createServer, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogHtml, catalogProduct } from "../support/catalog-site.js";
import { onLiveView, resizeWindow, untilLiveViewFits } from "../support/live-view.js";
import { setSchema } from "../support/schema-editor-input.js";
import { startStudioHarness, type StudioHarness } from "../support/studio-harness.js";
import { WINDOW_SIZES } from "../support/window-sizes.js";

const CARDS = 3_000;

/** A loopback port nothing listens on (taken, then given back). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("navigation feedback and result sources in the Studio", () => {
  let h: StudioHarness;
  let demoUrl: string;
  let refusedUrl: string;
  /** Whether the browser dropped the request the hanging page holds. */
  const hanging = { closed: false };

  beforeAll(async () => {
    h = await startStudioHarness();
    ({ demoUrl } = await h.studio.service.handlers["app.info"]({}));
    h.servers.route("/hang.html", (req) => {
      hanging.closed = false;
      req.socket.once("close", () => (hanging.closed = true));
      // Never answers (the response is left open): the navigation stays under way until Stop.
    });
    // A long catalog that streams in two halves: the tab commits on the first, the rest comes later.
    const html = catalogHtml(CARDS, { compact: true });
    const cut = html.indexOf('<div class="product-card', Math.floor(html.length / 2));
    h.servers.route("/streaming/", (_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.write(html.slice(0, cut));
      setTimeout(() => res.end(html.slice(cut)), 6_000);
    });
    // The same first half, and then nothing: the page never finishes loading.
    h.servers.route("/never-ends/", (_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.write(html.slice(0, cut));
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  const address = () => h.ui.getByRole("textbox", { name: "Address" });
  const alert = () => h.ui.locator(".browse-error");
  const activeUrl = async () =>
    (await h.studio.service.handlers["session.pages"]({})).pages.find((page) => page.active)?.url;

  async function go(typed: string): Promise<void> {
    await address().fill(typed);
    await address().press("Enter");
  }

  it("says words are not a web address, and opens nothing", async () => {
    await go("hello world");
    await expect
      .poll(() => alert().textContent())
      .toBe('"hello world" is not a web address: type one like example.com or https://example.com/page.');
    expect(await address().inputValue()).toBe("hello world");
    expect(await activeUrl()).toBe(demoUrl);
  });

  it("says a refused connection in one sentence and keeps the typed address", async () => {
    const port = await closedPort();
    const typed = `127.0.0.1:${port}/shop`;
    await go(typed);
    await expect
      .poll(() => alert().textContent(), { timeout: 30_000 })
      .toBe(`127.0.0.1:${port} refused the connection: nothing is listening at that address and port.`);
    const text = (await alert().textContent()) ?? "";
    expect(text).not.toMatch(/Call log|page\.goto|net::/);
    expect(text).not.toContain("\u001b");
    // The tab is on the browser's error page; the bar shows what was asked for, never chrome-error://.
    refusedUrl = `http://127.0.0.1:${port}/shop`;
    await expect.poll(() => address().inputValue()).toBe(refusedUrl);
    expect(await h.ui.getByRole("tablist", { name: "Browser tabs" }).textContent()).not.toContain(
      "chrome-error",
    );
    await h.screenshot("navigation-refused");
  });

  it("shows loading and Stop while a navigation is under way; Stop ends it and clears the old error", async () => {
    await go(`${h.servers.originA}/hang.html`);
    // The refused navigation's error is gone as soon as the new one starts.
    await h.ui.getByRole("progressbar", { name: "Loading the page" }).waitFor();
    expect(await alert().count()).toBe(0);
    expect(await address().getAttribute("aria-busy")).toBe("true");
    await h.screenshot("navigation-loading");

    await h.ui.getByRole("button", { name: "Stop" }).click();
    await h.ui.getByRole("button", { name: "Reload" }).waitFor();
    // Polled: the tab's own "loading" may still be on its way from the service when Reload shows.
    await expect.poll(() => h.ui.getByRole("progressbar", { name: "Loading the page" }).count()).toBe(0);
    // The tab still shows the refused page: the bar goes back to its address, and its reason shows again.
    expect(await address().inputValue()).toBe(refusedUrl);
    expect(await alert().textContent()).toMatch(/refused the connection/);
    // Stop really stops: the browser dropped the request the page server was holding.
    await expect.poll(() => hanging.closed, { timeout: 10_000 }).toBe(true);
  });

  it("counts the model calls and tokens of a schema miss", async () => {
    await go(demoUrl);
    await expect.poll(() => address().inputValue()).toBe(demoUrl);
    await expect.poll(activeUrl).toBe(demoUrl);
    const form = h.ui.getByRole("form", { name: "Extract" });
    await form.getByLabel("Instruction").fill("the first book's title");
    await setSchema(h.ui, "const schema = z.object({ title: z.string() });");
    await expect
      .poll(() => h.ui.locator(".schema-editor-host .squiggly-error").count(), { timeout: 30_000 })
      .toBe(0);
    // Wrong twice: the answer and the repair turn both miss the schema.
    h.model.reset();
    h.model.enqueue(
      { json: { title: 1 }, usage: { input: 300, output: 7 } },
      { json: { title: 2 }, usage: { input: 310, output: 8 } },
    );
    await h.ui.locator(".schema-editor-host .view-lines").click();
    await h.ui.keyboard.press("ControlOrMeta+Enter");
    await h.ui.getByRole("list", { name: "Validation issues" }).waitFor({ timeout: 30_000 });
    const metrics = h.ui.getByLabel("Run metrics");
    expect(await metrics.textContent()).toMatch(/Model calls\s*2(?!\d)/);
    expect(await metrics.textContent()).toMatch(/610 in \/ 15 out/);
    expect(h.model.requests).toHaveLength(2);
    expect(await h.ui.getByLabel("Result source").textContent()).toBe(`From ${demoUrl}`);
  });

  it("marks the result as another page's after navigating", async () => {
    await go(`${h.servers.originA}/frames-shadow/`);
    const source = h.ui.getByLabel("Result source");
    await expect.poll(() => source.textContent(), { timeout: 30_000 }).toMatch(/^From another page:/);
    expect(await source.textContent()).toContain(demoUrl);
    await h.screenshot("result-from-another-page");
  });

  it("keeps what is typed in the address bar while the tab changes under it, and goes there on Enter", async () => {
    const typed = `${h.servers.originB}/frames-shadow/`;
    await address().fill(typed);
    // The tab changes by itself meanwhile (a script, or the late word of the last navigation). Its title
    // comes with its address: once the tab strip shows it, the bar has heard of the new address too.
    h.servers.route("/e2e/elsewhere", () => "<!doctype html><title>Elsewhere</title><p>Somewhere else");
    await h.studio.service.handlers["session.navigate"]({
      to: { url: `${h.servers.originA}/e2e/elsewhere` },
    });
    await expect
      .poll(() => h.ui.getByRole("tablist", { name: "Browser tabs" }).textContent())
      .toContain("Elsewhere");
    expect(await address().inputValue()).toBe(typed);
    await address().press("Enter");
    await expect.poll(activeUrl, { timeout: 30_000 }).toBe(typed);
    await expect.poll(() => address().inputValue()).toBe(typed);
  });

  it("reads the whole of a long page that is still arriving", { timeout: 120_000 }, async () => {
    await h.ui.getByRole("tab", { name: "Snapshot", exact: true }).click();
    await go(`${h.servers.originA}/streaming/`);
    const stats = h.ui.getByLabel("Snapshot size");
    const search = h.ui.getByRole("searchbox", { name: "Search the snapshot" });
    const last = catalogProduct(CARDS).title;
    // The panel reads when the tab's address changes, which is at the commit, with half the cards in.
    // The list draws only the lines in view, so the last card is looked for with the panel's find.
    await search.fill(last);
    await expect
      .poll(() => h.ui.locator(".snapshot-matches").textContent(), { timeout: 60_000 })
      .toBe("1 match");
    await expect
      .poll(() => h.ui.getByRole("list", { name: "Snapshot" }).locator("mark[aria-current]").textContent())
      .toBe(last);
    expect(await stats.textContent()).toMatch(/elements/);
    // On a slow machine the first read may end before the page has (its note says so), and the panel
    // reads again by itself: the note goes once a read finds the page loaded.
    await expect.poll(() => h.ui.locator(".snapshot-message").count(), { timeout: 60_000 }).toBe(0);
    await search.fill("");
  });

  it(
    "says the snapshot may be incomplete when the page is still loading after the wait",
    { timeout: 120_000 },
    async () => {
      await go(`${h.servers.originA}/never-ends/`);
      const note = h.ui.locator(".snapshot-message");
      await expect
        .poll(() => note.textContent(), { timeout: 60_000 })
        .toBe(
          "The page was still loading when it was read: this snapshot may be incomplete. Refresh once it has loaded.",
        );
      // A new page's list starts at its top (the rows follow the scroll a moment later).
      await expect
        .poll(() => h.ui.getByRole("list", { name: "Snapshot" }).textContent())
        .toContain(catalogProduct(1).title);
      await h.ui.getByRole("button", { name: "Stop" }).click();
    },
  );

  it.each(WINDOW_SIZES)(
    "says what went wrong with an address, and shows loading and Stop, in view at $width×$height",
    async (size) => {
      await resizeWindow(h.ui, size);
      const inView = async (box: { x: number; y: number; width: number; height: number } | null) =>
        Boolean(
          box &&
          box.x >= 0 &&
          box.y >= 0 &&
          box.x + box.width <= size.width &&
          box.y + box.height <= size.height,
        );

      await go("hello world");
      await expect.poll(() => alert().textContent()).toMatch(/^"hello world" is not a web address/);
      expect(await inView(await alert().boundingBox()), "the sentence is on screen").toBe(true);

      const port = await closedPort();
      await go(`127.0.0.1:${port}/shop`);
      await expect
        .poll(() => alert().textContent(), { timeout: 30_000 })
        .toBe(`127.0.0.1:${port} refused the connection: nothing is listening at that address and port.`);
      expect(await inView(await alert().boundingBox()), "the sentence is on screen").toBe(true);

      await go(`${h.servers.originA}/hang.html`);
      const progress = h.ui.getByRole("progressbar", { name: "Loading the page" });
      // Polled: on a busy machine the first box can be read before the window's layout has settled.
      await expect
        .poll(async () => inView(await progress.boundingBox()), { message: "the loading bar is on screen" })
        .toBe(true);
      const stop = h.ui.getByRole("button", { name: "Stop", exact: true });
      await expect
        .poll(async () => inView(await stop.boundingBox()), { message: "Stop is on screen" })
        .toBe(true);
      await h.screenshot(`navigation-loading-${size.width}x${size.height}`);
      // Once seen failing on a loaded CI machine (Stop gone before the click, not reproduced since): the
      // failure says what the Studio showed instead, for whoever reads the run.
      await stop.click({ timeout: 10_000 }).catch(async (error: unknown) => {
        const said = await alert().allTextContents();
        const pages = (await h.studio.service.handlers["session.pages"]({})).pages;
        throw new Error(
          `Stop was gone before it was pressed. The address bar said: ${JSON.stringify(said)}; ` +
            `the tabs: ${JSON.stringify(pages.map(({ url, loading, error }) => ({ url, loading, error })))}`,
          { cause: error },
        );
      });
      await h.ui.getByRole("button", { name: "Reload", exact: true }).waitFor();
      await expect.poll(() => progress.count()).toBe(0);
    },
  );

  it.each(WINDOW_SIZES)(
    "counts a schema miss's model calls and marks its result after navigating, at $width×$height",
    async (size) => {
      await resizeWindow(h.ui, size);
      await go(demoUrl);
      await expect.poll(activeUrl).toBe(demoUrl);
      await h.ui.getByRole("tab", { name: "Extract", exact: true }).click();
      const form = h.ui.getByRole("form", { name: "Extract" });
      await form.getByLabel("Instruction").fill(`the first book's title at ${size.width}`);
      await setSchema(h.ui, "const schema = z.object({ title: z.string() });");
      await expect
        .poll(() => h.ui.locator(".schema-editor-host .squiggly-error").count(), { timeout: 30_000 })
        .toBe(0);
      const runs = async () => (await h.studio.service.handlers["history.list"]({})).runs.length;
      const before = await runs();
      h.model.enqueue(
        { json: { title: 1 }, usage: { input: 300, output: 7 } },
        { json: { title: 2 }, usage: { input: 310, output: 8 } },
      );
      await h.ui.keyboard.press("ControlOrMeta+Enter");
      await expect.poll(runs, { timeout: 30_000 }).toBe(before + 1);
      const metrics = h.ui.getByLabel("Run metrics");
      await expect.poll(() => metrics.textContent()).toMatch(/Model calls\s*2(?!\d)/);
      expect(await metrics.textContent()).toMatch(/610 in \/ 15 out/);
      const source = h.ui.getByLabel("Result source");
      expect(await source.textContent()).toBe(`From ${demoUrl}`);
      await go(`${h.servers.originA}/frames-shadow/`);
      await expect.poll(() => source.textContent(), { timeout: 30_000 }).toMatch(/^From another page:/);
      await source.scrollIntoViewIfNeeded();
      const box = await source.boundingBox();
      expect(box && box.x + box.width, "the source runs off the window").toBeLessThanOrEqual(size.width);
    },
  );

  it("shows loading and Stop for a navigation the page starts itself (a link clicked in the live view)", async () => {
    h.servers.route(
      "/e2e/link-to-hang",
      () => `<!doctype html><title>Link</title><body style="margin:0">
<a href="/hang.html" style="position:absolute;left:0;top:0;width:400px;height:120px;font-size:40px">Go slow</a></body>`,
    );
    await go(`${h.servers.originA}/e2e/link-to-hang`);
    await expect
      .poll(async () => (await h.studio.service.handlers["snapshot.get"]({})).text)
      .toContain("Go slow");
    await untilLiveViewFits(h.ui);
    const point = await onLiveView(h.ui, 40, 40);
    await h.ui.mouse.click(point.x, point.y);
    const progress = h.ui.getByRole("progressbar", { name: "Loading the page" });
    await progress.waitFor({ timeout: 15_000 });
    expect(await address().getAttribute("aria-busy")).toBe("true");
    await h.ui.getByRole("button", { name: "Stop", exact: true }).click();
    await h.ui.getByRole("button", { name: "Reload", exact: true }).waitFor({ timeout: 15_000 });
    expect(await progress.count()).toBe(0);
    await expect.poll(() => hanging.closed, { timeout: 10_000 }).toBe(true);
    // The tab still shows the page with the link.
    expect(await address().inputValue()).toBe(`${h.servers.originA}/e2e/link-to-hang`);
  });

  it(
    "says a page stuck in a script did not answer, and reads the next page",
    { timeout: 120_000 },
    async () => {
      h.servers.route(
        "/e2e/stuck",
        () =>
          `<!doctype html><title>Stuck</title><h1>Stuck page</h1>` +
          `<script>addEventListener("load", () => setTimeout(() => { for (;;); }, 0))</script>`,
      );
      await h.ui.getByRole("tab", { name: "Snapshot", exact: true }).click();
      await go(`${h.servers.originA}/e2e/stuck`);
      await expect
        .poll(() => h.ui.locator(".snapshot-message").textContent(), { timeout: 60_000 })
        .toBe(
          "The page did not answer within 20 s: a script on it may be running without end. Reload the page, or close its tab.",
        );
      // Another site (another renderer process): the panel reads it, its last read having ended.
      h.servers.route(
        "/e2e/after-stuck",
        () => `<!doctype html><title>After</title><h1>Unstuck at last</h1>`,
      );
      await go(`${h.servers.originB}/e2e/after-stuck`);
      await expect
        .poll(() => h.ui.getByRole("list", { name: "Snapshot" }).textContent(), { timeout: 60_000 })
        .toContain("Unstuck at last");
    },
  );
});
