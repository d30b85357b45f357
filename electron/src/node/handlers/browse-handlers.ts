import type { StudioHandlers } from "../../common/studio-api.js";
import type { StudioPage } from "../page-tabs.js";
import type { StudioContext } from "../studio-context.js";

type BrowseHandlers = Pick<
  StudioHandlers,
  "session.open" | "session.navigate" | "session.pages" | "session.activate" | "snapshot.get"
>;

const ELEMENT_LINE = /^\s*\[\d+-\d+\] /;

/** Tabs, navigation and the snapshot of the active tab. */
export function browseHandlers(context: StudioContext): BrowseHandlers {
  const changed = async (page: StudioPage) => {
    const info = await context.tabs.info(page);
    context.emit("session.pageChanged", info);
    return info;
  };
  return {
    "session.open": async ({ url }) => {
      const page = await context.client().context.newPage();
      context.tabs.activate(context.tabs.track(page));
      await page.goto(url, { waitUntil: "load" });
      return changed(page);
    },
    "session.navigate": async ({ to }) => {
      const page = context.tabs.active();
      // A history step may be served from the back/forward cache, which fires no new "load": wait for
      // the commit, then for the document to be complete (Playwright's load state misses a restore).
      if (to === "back") await page.goBack({ waitUntil: "commit" });
      else if (to === "forward") await page.goForward({ waitUntil: "commit" });
      else if (to === "reload") await page.reload({ waitUntil: "load" });
      else await page.goto(to.url, { waitUntil: "load" });
      await page.waitForFunction("document.readyState === 'complete'");
      return changed(page);
    },
    "session.pages": async () => ({ pages: await context.tabs.list() }),
    "session.activate": async ({ pageId }) => {
      const page = context.tabs.activate(pageId);
      await page.bringToFront();
      return changed(page);
    },
    "snapshot.get": async ({ selector, ignoreSelectors }) => {
      const started = performance.now();
      const { pageText } = await context.client().extract({
        page: context.tabs.active(),
        ...(selector ? { selector } : {}),
        ...(ignoreSelectors ? { ignoreSelectors } : {}),
      });
      const elementCount = pageText.split("\n").filter((line) => ELEMENT_LINE.test(line)).length;
      return { text: pageText, elementCount, ms: performance.now() - started };
    },
  };
}
