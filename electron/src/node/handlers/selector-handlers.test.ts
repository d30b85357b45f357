import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPageServers, type PageServers } from "../../../../test/support/page-server.js";
import { MAX_SELECTOR_BOXES, MAX_SELECTOR_LENGTH } from "../../common/api/selector-api.js";
import { createInMemoryTransportPair } from "../../common/in-memory-transport.js";
import { createStudioClient, type StudioClient } from "../../common/studio-client.js";
import { StudioError } from "../../common/studio-error.js";
import { createStudioServer } from "../studio-server.js";
import { StudioService } from "../studio-service.js";

/**
 * Items at fixed points: three visible, one hidden, one below the fold; a shadow root; a cross-origin
 * iframe; 300 small cells. The page reports the outlines it holds in `#probe` (a MutationObserver reads
 * its own DOM), so a snapshot shows what was drawn while it leaves the outlines themselves out.
 */
const PAGE = (originB: string) => `<!doctype html><html><head><title>Selectors</title>
<style>body{margin:0} li{position:absolute;left:10px;width:100px;height:20px;list-style:none}
#host{position:absolute;left:300px;top:0} iframe{position:absolute;left:0;top:200px;width:300px;height:100px;border:0}
#cells{position:absolute;left:400px;top:100px;width:400px} #cells span{display:inline-block;width:10px;height:10px}</style></head>
<body><p id="probe" style="position:absolute;left:600px;top:0">outlines: none</p><ul>
<li class="item" style="top:0">One</li><li class="item" style="top:30px">Two</li>
<li class="item" style="top:60px">Three</li><li class="item" style="display:none">Hidden</li>
<li class="item" style="top:5000px">Far below</li></ul>
<div id="host"></div>
<iframe id="frame" title="Cross" src="${originB}/selector-box/inner.html"></iframe>
<div id="cells">${"<span class=cell></span>".repeat(300)}</div>
<script>
const root = document.getElementById("host").attachShadow({ mode: "open" });
root.innerHTML = '<p style="margin:0;width:80px;height:20px">In the shadow</p>';
const probe = document.getElementById("probe");
new MutationObserver(() => {
  const held = document.querySelector("loupe-selector-outlines");
  const text = "outlines: " + (held ? held.getAttribute("data-boxes") : "none");
  if (probe.textContent !== text) probe.textContent = text;
}).observe(document.documentElement, { childList: true });
</script></body></html>`;

const INNER = `<!doctype html><html><body style="margin:0">
<button style="position:absolute;left:20px;top:10px;width:80px;height:30px">Inside</button></body></html>`;

describe("selector.match and selector.clear", () => {
  let servers: PageServers;
  let service: StudioService;
  let client: StudioClient;

  beforeAll(async () => {
    servers = await startPageServers();
    servers.route("/selector-box/page.html", () => PAGE(servers.originB));
    servers.route("/selector-box/inner.html", () => INNER);
    service = new StudioService({ env: {} });
    await service.start();
    const server = createStudioServer(service.handlers);
    const pair = createInMemoryTransportPair();
    server.attach(pair.server);
    client = createStudioClient(pair.client);
    await client.call("session.open", { url: `${servers.originA}/selector-box/page.html` });
    await client.call("live.viewport", { width: 1000, height: 700 });
  }, 60_000);

  afterAll(async () => {
    client?.close();
    await service?.stop();
    await servers?.close();
  });

  const probe = async () => /outlines: (\w+)/.exec((await client.call("snapshot.get", {})).text)?.[1];
  const failure = (selector: string) =>
    client.call("selector.match", { selector }).then(
      () => undefined,
      (error: unknown) => error as StudioError,
    );

  it("counts every CSS match and outlines only the visible ones, in viewport pixels", async () => {
    const result = await client.call("selector.match", { selector: "li.item" });
    expect(result.count).toBe(5);
    expect(result.truncated).toBe(false);
    expect(result.boxes).toEqual([
      { x: 10, y: 0, width: 100, height: 20 },
      { x: 10, y: 30, width: 100, height: 20 },
      { x: 10, y: 60, width: 100, height: 20 },
    ]);
    await expect.poll(probe).toBe("3");
  });

  it("counts an XPath the same way, with or without xpath=", async () => {
    const plain = await client.call("selector.match", { selector: "//li[contains(., 'T')]" });
    const prefixed = await client.call("selector.match", { selector: "xpath=//li[contains(., 'T')]" });
    expect(plain.count).toBe(2);
    expect(prefixed).toEqual(plain);
  });

  it("follows the chains act returns into a cross-origin iframe and a shadow root", async () => {
    const framed = await client.call("selector.match", {
      selector: "#frame >> internal:control=enter-frame >> xpath=/html/body/button",
    });
    expect(framed.count).toBe(1);
    // The button sits at 20,10 of a frame placed at 0,200.
    expect(framed.boxes).toEqual([{ x: 20, y: 210, width: 80, height: 30 }]);
    const shadowed = await client.call("selector.match", {
      selector: "#host >> css=:scope > * >> xpath=parent::node()[not(self::*)]/p[1]",
    });
    expect(shadowed.count).toBe(1);
    expect(shadowed.boxes).toEqual([{ x: 300, y: 0, width: 80, height: 20 }]);
  });

  it("answers no match, and why, when a chain's frame step leads nowhere", async () => {
    const result = await client.call("selector.match", {
      selector: "#nothing >> internal:control=enter-frame >> button",
    });
    expect(result).toMatchObject({ count: 0, boxes: [], truncated: false });
    expect(result.detail).toMatch(/iframe step "#nothing".*matches no element/);
  });

  it("outlines at most MAX_SELECTOR_BOXES matches, and says so", async () => {
    const result = await client.call("selector.match", { selector: "span.cell" });
    expect(result.count).toBe(300);
    expect(result.boxes).toHaveLength(MAX_SELECTOR_BOXES);
    expect(result.truncated).toBe(true);
    await expect.poll(probe).toBe(String(MAX_SELECTOR_BOXES));
  });

  it("never counts its own outlines, and clearing removes them", async () => {
    await client.call("selector.match", { selector: "li.item" });
    await expect.poll(probe).toBe("3");
    // `*` run again and again finds the same elements: the outlines drawn before are gone each time.
    const first = await client.call("selector.match", { selector: "*" });
    const second = await client.call("selector.match", { selector: "*" });
    expect(second.count).toBe(first.count);
    const tagged = await client.call("selector.match", { selector: "loupe-selector-outlines" });
    expect(tagged.count).toBe(0);
    await client.call("selector.match", { selector: "li.item" });
    await expect.poll(probe).toBe("3");
    await client.call("selector.clear", {});
    await expect.poll(probe).toBe("none");
  });

  it("says an invalid CSS selector is not valid, in one sentence", async () => {
    const error = await failure("li[class=");
    expect(error).toBeInstanceOf(StudioError);
    expect(error?.code).toBe("invalid_selector");
    expect(error?.message).toBe(
      '"li[class=" is not a valid CSS selector or XPath: the browser cannot parse it as CSS (check its ' +
        "brackets, quotes and combinators), and an XPath starts with /, ( or xpath=.",
    );
  });

  it("says an invalid XPath is not valid, with no browser stack or colour codes", async () => {
    for (const selector of ["//li[", "xpath=//li[@", "(//li"]) {
      const error = await failure(selector);
      expect(error?.code, selector).toBe("invalid_selector");
      expect(error?.message, selector).toContain(
        "is not a valid CSS selector or XPath: it starts like an XPath",
      );
      expect(error?.message).not.toContain(String.fromCharCode(27)); // no ANSI colour codes
      expect(error?.message).not.toMatch(/SyntaxError|Call log|\n/);
    }
  });

  it("names the step of a chain that does not parse, and a '>>' it does not follow", async () => {
    const step = await failure("#frame >> internal:control=enter-frame >> //button[");
    expect(step?.code).toBe("invalid_selector");
    expect(step?.message).toContain('its step "//button[" starts like an XPath');
    const hop = await failure("li >> text=One");
    expect(hop?.code).toBe("invalid_selector");
    expect(hop?.message).toContain('Loupe follows ">>" only as a frame step');
    const empty = await failure("#frame >> internal:control=enter-frame >> ");
    expect(empty?.code).toBe("invalid_selector");
  });

  it("rejects an empty, blank or too long selector before touching the page", async () => {
    for (const selector of ["", "   ", "a".repeat(MAX_SELECTOR_LENGTH + 1)]) {
      const error = await failure(selector);
      expect(error?.code, JSON.stringify(selector.slice(0, 5))).toBe("invalid_params");
    }
    const longest = await client.call("selector.match", {
      selector: `li${" ".repeat(MAX_SELECTOR_LENGTH - 2)}`,
    });
    expect(longest.count).toBe(5);
  });

  it("rejects an unknown tab", async () => {
    const error = await client.call("selector.match", { selector: "li", pageId: "no-such-tab" }).then(
      () => undefined,
      (e: unknown) => e as StudioError,
    );
    expect(error?.code).toBe("unknown_page");
  });
});
