/**
 * The snapshot the model reads: everything on the page across frames and shadow roots, ids in front of
 * roles and stable between reads, big pages, and pages that navigate while they are read or extracted.
 */
import { ClientDomProcessError } from "@loupe/core";
import { readFile } from "node:fs/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { idOf, rejectionOf, startHarness, type Harness } from "./support/harness.js";

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  h.servers.route("/big", () => {
    const items = Array.from({ length: 5000 }, (_, i) => `<li>Item ${i + 1}</li>`).join("");
    return `<!doctype html><title>Big</title><h1>Five thousand items</h1><ul id="items">${items}</ul>`;
  });
  h.servers.route(
    "/nav-a",
    () => `<!doctype html><title>A</title><h1>Alpha document</h1><a href="/alpha-target">Alpha link</a>`,
  );
  h.servers.route(
    "/nav-b",
    () => `<!doctype html><title>B</title><h1>Beta document</h1><a href="/beta-target">Beta link</a>`,
  );
  h.servers.route("/flip", (req) => {
    const url = new URL(req.url ?? "", "http://x");
    const n = Number(url.searchParams.get("n"));
    const until = Number(url.searchParams.get("until"));
    const filler = Array.from({ length: 300 }, (_, i) => `<p>Filler ${i} of document ${n}</p>`).join("");
    return (
      `<!doctype html><title>Flip ${n}</title><h1>Document ${n} marker</h1>${filler}` +
      `<script>if (Date.now() < ${until}) setTimeout(() => location.replace("/flip?n=${n + 1}&until=${until}"), 15);</script>`
    );
  });
});
afterAll(() => h.close());
afterEach(() => h.model.reset());

describe("the fixture with frames and shadow roots", () => {
  let pageText: string;
  beforeAll(async () => {
    await h.goto("/frames-shadow/");
    ({ pageText } = await h.client.extract());
  });

  it("contains every known value, wherever it lives", async () => {
    const known = JSON.parse(
      await readFile(new URL("./fixtures/frames-shadow/known-values.json", import.meta.url), "utf8"),
    ) as string[];
    expect(known.length).toBeGreaterThan(10);
    for (const value of known) expect(pageText).toContain(value);
  });

  it("really has the cross-origin frame in another process (an out-of-process iframe target)", async () => {
    const cdp = await h.client.context.browser()!.newBrowserCDPSession();
    try {
      const { targetInfos } = await cdp.send("Target.getTargets");
      const iframes = targetInfos.filter((t) => t.type === "iframe").map((t) => t.url);
      expect(iframes).toContain(`${h.servers.originB}/frames-shadow/cross.html`);
      // Same-site frames stay in the page's process.
      expect(iframes.some((url) => url.includes("same.html") || url.includes("nested.html"))).toBe(false);
    } finally {
      await cdp.detach();
    }
    expect(pageText).toContain("Cross-origin frame text: Black Boots $80.00");
  });

  it("writes each element on its own line as `[frame-node] role: name`, indented under its parent", () => {
    const lines = pageText.split("\n");
    expect(lines[0]).toMatch(/^\[0-\d+\] RootWebArea: Frames and shadows$/);
    const elementLines = lines.filter((line) => /^\s*\[/.test(line));
    expect(elementLines.length).toBeGreaterThan(30);
    for (const line of elementLines) expect(line).toMatch(/^ *\[\d+-\d+\] [A-Za-z]+(: .+?)?( \[[^\]]+\])?$/);
    const ids = elementLines.map((line) => /\[(\d+-\d+)\]/.exec(line)![1]);
    expect(new Set(ids).size).toBe(ids.length);

    expect(pageText).toMatch(
      /^( *)\[\d+-\d+\] banner\n\1 \[\d+-\d+\] navigation: Main\n\1 {2}\[\d+-\d+\] link: Home$/m,
    );
    expect(pageText).toMatch(/^ *\[0-\d+\] textbox: Email \[value: ada@example\.com\]$/m);
    expect(pageText).toMatch(/^ *\[0-\d+\] option: M \[selected\]$/m);
  });

  it("numbers each frame with its own ordinal: 0 for the page, another for each frame", () => {
    const ordinal = (name: string) => idOf(pageText, name).split("-")[0];
    expect(ordinal("heading: Loupe test shop")).toBe("0");
    expect(ordinal("link: Purple Gloves page")).toBe("0"); // a shadow root is part of its frame
    const frames = [
      "link: Yellow Belt page",
      "link: Orange Tie page",
      "link: Black Boots page",
      "link: White Shirt page",
    ];
    const ordinals = frames.map(ordinal);
    expect(new Set(ordinals).size).toBe(4);
    expect(ordinals).not.toContain("0");
    expect(ordinal("link: Silver Ring page")).toBe(ordinal("link: Black Boots page"));
  });

  it("keeps ids stable between snapshots of the unchanged page, scoped ones included", async () => {
    const again = await h.client.extract();
    expect(again.pageText).toBe(pageText);

    const scoped = await h.client.extract({ selector: "#cross-frame" });
    for (const line of scoped.pageText.split("\n")) expect(pageText).toContain(line.trim());
  });
});

describe("a 5,000-element page", () => {
  it("is read whole, and an extraction over it works", async () => {
    await h.goto("/big");

    const { pageText } = await h.client.extract();
    expect(pageText).toMatch(/^ *\[0-\d+\] listitem: Item 1$/m);
    expect(pageText).toMatch(/^ *\[0-\d+\] listitem: Item 5000$/m);
    expect(pageText.match(/listitem: Item \d+$/gm)).toHaveLength(5000);

    h.model.enqueue({ json: { first: "Item 1", last: "Item 5000", count: 5000 } });
    const result = await h.client.extract(
      "The first and last item and how many there are",
      z.object({ first: z.string(), last: z.string(), count: z.number().int() }),
    );
    expect(result).toEqual({ first: "Item 1", last: "Item 5000", count: 5000 });
    expect(h.model.requests[0]!.text()).toContain(pageText);
  });
});

describe("a page that navigates", () => {
  it("while the model answers: the result is the one of the snapshot that was taken", async () => {
    const page = await h.goto("/nav-a");
    const { pageText: alpha } = await h.client.extract();
    h.model.enqueue(async (request) => {
      // The snapshot is taken and sent: now the page navigates itself, before the model answers.
      await page.evaluate(`location.href = "/nav-b"`);
      await page.waitForURL(/\/nav-b$/);
      await page.waitForLoadState("load");
      expect(request.text()).toContain("Alpha document");
      return { json: { heading: "Alpha document", link: idOf(alpha, "link: Alpha link") } };
    });

    const result = await h.client.extract(
      "The heading and its link",
      z.object({ heading: z.string(), link: z.url() }),
    );

    expect(result).toEqual({ heading: "Alpha document", link: `${h.servers.originA}/alpha-target` });
    expect(h.model.requests[0]!.text()).not.toContain("Beta");
    expect(page.url()).toBe(`${h.servers.originA}/nav-b`);
    // The next read describes the new document.
    const { pageText } = await h.client.extract();
    expect(pageText).toContain("Beta document");
    expect(pageText).not.toContain("Alpha");
  });

  it("while it is being read: every snapshot describes exactly one document, and nothing hangs", async () => {
    const until = Date.now() + 2_500;
    await h.page.goto(`${h.servers.originA}/flip?n=1&until=${until}`, { waitUntil: "commit" });
    const outcomes: string[] = [];

    while (Date.now() < until) {
      const settled = await Promise.race([
        h.client.extract().then(
          ({ pageText }) => ({ pageText }),
          (error: unknown) => ({ error }),
        ),
        new Promise<{ hung: true }>((resolve) => setTimeout(() => resolve({ hung: true }), 15_000)),
      ]);
      expect(settled).not.toHaveProperty("hung");
      if ("error" in settled) {
        // A page that keeps navigating may not be readable at all; that is reported, never half-read.
        expect(settled.error).toBeInstanceOf(ClientDomProcessError);
        expect((settled.error as Error).message).toMatch(/kept changing .* while it was read/);
        outcomes.push("error");
        continue;
      }
      const { pageText } = settled as { pageText: string };
      // The title, the heading and every filler line name their document's number: one number only.
      const documents = new Set([...pageText.matchAll(/(?:Flip|document) (\d+)/gi)].map((m) => m[1]));
      // (A document caught before it has parsed anything shows no number: still one document.)
      expect(documents.size, pageText.slice(0, 300)).toBeLessThanOrEqual(1);
      outcomes.push(documents.size ? `document ${[...documents][0]}` : "empty");
    }

    expect(outcomes.length).toBeGreaterThan(0);
    // Once it settles, it reads normally again.
    await vi.waitFor(() => h.page.goto(`${h.servers.originA}/nav-b`), { timeout: 10_000 });
    expect((await h.client.extract()).pageText).toContain("Beta document");
  });
});

describe("a page whose renderer crashes", () => {
  it("fails a read at once with a sentence that says to reload, and reads the page again once it is", async () => {
    const page = await h.client.context.newPage();
    try {
      await page.goto(`${h.servers.originA}/nav-a`);
      expect((await h.client.extract({ page })).pageText).toContain("Alpha document");
      // chrome://crash ends the tab's renderer process, as running out of memory would.
      await page.goto("chrome://crash").catch(() => {});
      const error = await rejectionOf(h.client.extract({ page }));
      expect(error).toBeInstanceOf(ClientDomProcessError);
      expect((error as Error).message).toMatch(
        /^The page crashed while Loupe was reading it \(.+\): its renderer process ended, .* Open the page again in a new page \(Playwright loads nothing more in a crashed one\), then retry\.$/,
      );
      // Loaded again (a new renderer), the same target answers again.
      const cdp = await h.client.context.newCDPSession(page);
      await cdp.send("Page.navigate", { url: `${h.servers.originA}/nav-b` });
      await expect
        .poll(
          async () =>
            (await h.client.extract({ page }).catch((e: Error) => ({ pageText: e.message }))).pageText,
        )
        .toContain("Beta document");
    } finally {
      await page.close();
    }
  });
});
