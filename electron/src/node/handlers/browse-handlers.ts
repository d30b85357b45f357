import { takeSnapshot } from "@loupe/core/engine";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { navigationError, navigationStopped } from "../../common/navigation-messages.js";
import type { PageInfo, StudioHandlers, StudioParsedParams } from "../../common/studio-api.js";
import { pageLoaded } from "../page-loaded.js";
import { pageAnswers, readWithin } from "../page-read-bound.js";
import type { StudioPage } from "../page-tabs.js";
import type { StudioContext } from "../studio-context.js";
import { UnansweringTab } from "../unanswering-tab.js";
import { TabLoading } from "../tab-loading.js";
import { UnderwayNavigations } from "../underway-navigations.js";

type BrowseHandlers = Pick<
  StudioHandlers,
  | "session.open"
  | "session.close"
  | "session.navigate"
  | "session.stop"
  | "session.pages"
  | "session.activate"
  | "snapshot.get"
>;

type NavigateTo = StudioParsedParams<"session.navigate">["to"];

const ELEMENT_LINE = /^\s*\[\d+-\d+\] /;

/** Tabs, navigation and the snapshot of the active tab. */
export function browseHandlers(context: StudioContext): BrowseHandlers {
  // Whether each tab is loading, whoever started the navigation: the renderer's bar and Stop follow it.
  const loading = new TabLoading(context, context.tabs);
  const changed = async (page: StudioPage) => {
    void loading.watch(page).catch(() => {});
    const info = await context.tabs.info(page);
    context.emit("session.pageChanged", info);
    return info;
  };
  // Tabs change by themselves too (a link opens a tab, a script navigates): tell the renderer each time.
  context.tabs.onChange(({ kind, pageId, page }) => {
    if (kind === "closed") context.emit("session.pageClosed", { pageId });
    else void changed(page).catch(() => {});
  });
  const openTab = async () => {
    const page = await context.client().context.newPage();
    context.tabs.activate(context.tabs.track(page));
    return page;
  };
  // The navigations under way in each tab, from the moment they are asked for: Stop ends them, and a
  // newer navigation ends an older one once it loads.
  const underway = new UnderwayNavigations((page) => context.sessionsFor(page), context.tabs);
  const navigate = async (page: StudioPage, to: NavigateTo): Promise<PageInfo> => {
    const asked = underway.ask(page);
    let answers: boolean;
    try {
      answers = await pageAnswers(context.sessionsFor(page));
    } finally {
      underway.checked(page, asked);
    }
    // Stopped while the page was asked whether it answers: the browser was never sent anywhere.
    if (asked.signal.aborted) throw navigationStopped();
    return answers ? load(page, to, asked) : unanswering.navigate(page, to);
  };
  const load = async (page: StudioPage, to: NavigateTo, asked?: AbortController): Promise<PageInfo> => {
    const navigation = underway.load(page, asked);
    const url = typeof to === "string" ? page.url() : to.url;
    const stopped = new Promise<never>((_, reject) =>
      navigation.signal.addEventListener("abort", () => reject(navigationStopped())),
    );
    stopped.catch(() => {});
    const going = go(page, to);
    going.catch(() => {}); // a stopped navigation's late failure is nobody's error
    try {
      await Promise.race([going, stopped]);
    } catch (error) {
      if (navigation.signal.aborted) {
        void underway.stopIfStillLoading(page, navigation, going).catch(() => {});
        throw navigationStopped();
      }
      const failure = navigationError(error, url);
      context.tabs.failed(page, url, failure.message);
      throw failure;
    } finally {
      underway.loaded(page, navigation);
    }
    return changed(page);
  };
  const unanswering = new UnansweringTab(context, {
    navigate,
    load,
    changed,
    abort: (page) => underway.abortLoad(page),
  });
  return {
    "session.open": async ({ url }) => {
      const page = await openTab();
      return url ? navigate(page, { url }) : changed(page);
    },
    "session.close": async ({ pageId }) => {
      const page = context.tabs.get(pageId);
      if (context.tabs.pages().length === 1) await openTab();
      underway.stop(page);
      await page.close();
      return { pages: await context.tabs.list() };
    },
    "session.navigate": ({ to }) => navigate(context.tabs.active(), to),
    "session.stop": async () => {
      const page = context.tabs.active();
      const stopped = underway.stop(page);
      // The browser's own Stop: cancels the request in flight, or the loading of a committed page. Sent
      // through the page's shared sessions, like every other CDP call of the Studio.
      await (await context.sessionsFor(page)).root.send("Page.stopLoading");
      return { stopped };
    },
    "session.pages": async () => ({ pages: await context.tabs.list() }),
    "session.activate": async ({ pageId }) => {
      const page = context.tabs.activate(pageId);
      await page.bringToFront();
      return changed(page);
    },
    "snapshot.get": async ({ selector, ignoreSelectors }) => {
      const started = performance.now();
      const page = context.tabs.active();
      // A tab shows its page from the commit on, long before a long page has arrived: read it whole.
      const complete = await pageLoaded(page);
      // Keep the snapshot, so `live.highlight` can find an id the snapshot view shows (ids carry frame
      // ordinals, which belong to the sessions that read them: the client's, which every run shares).
      const snapshot = await readWithin(
        context.sessionsFor(page).then((sessions) =>
          takeSnapshot(sessions, {
            ...(selector ? { selector } : {}),
            ...(ignoreSelectors ? { ignoreSelectors } : {}),
          }),
        ),
      );
      if (!selector && !ignoreSelectors) context.snapshots.keep(page, snapshot);
      // Masked as the model reads it: a value act typed shows as its %name%.
      const text = context.secrets().redact(snapshot.text);
      const elementCount = text.split("\n").filter((line) => ELEMENT_LINE.test(line)).length;
      return {
        pageId: context.tabs.track(page),
        text,
        elementCount,
        tokens: countTokens(text),
        ms: performance.now() - started,
        complete,
      };
    },
  };
}

/**
 * One navigation to its end. A history step may be served from the back/forward cache, which fires no
 * new "load": wait for the commit, then for the document to be complete (Playwright's load state misses
 * a restore).
 */
async function go(page: StudioPage, to: NavigateTo): Promise<void> {
  if (to === "back") await page.goBack({ waitUntil: "commit" });
  else if (to === "forward") await page.goForward({ waitUntil: "commit" });
  else if (to === "reload") await page.reload({ waitUntil: "load" });
  else await page.goto(to.url, { waitUntil: "load" });
  await page.waitForFunction("document.readyState === 'complete'");
}
