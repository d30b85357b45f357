import { describe, expect, it } from "vitest";
import type { PageSessions } from "@loupe/core/engine";
import type { StudioPage } from "./page-tabs.js";
import { UnderwayNavigations } from "./underway-navigations.js";

/** A tab whose loading the test sets, and the Stops sent to it. */
function fakeTab() {
  const tab = { loading: false, stops: 0, closed: false };
  const page = { isClosed: () => tab.closed } as unknown as StudioPage;
  const sessions = {
    root: {
      send: async (method: string) => {
        if (method === "Page.stopLoading") {
          tab.stops++;
          tab.loading = false;
        }
        return {};
      },
    },
  } as unknown as PageSessions;
  const underway = new UnderwayNavigations(async () => sessions, { isLoading: () => tab.loading });
  return { tab, page, underway };
}

const never = new Promise<never>(() => {});
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("UnderwayNavigations", () => {
  it("stops a navigation still being checked, and says whether there was one", () => {
    const { page, underway } = fakeTab();
    const asked = underway.ask(page);
    expect(underway.stop(page)).toBe(true);
    expect(asked.signal.aborted).toBe(true);
    underway.checked(page, asked);
    expect(underway.stop(page)).toBe(false);
  });

  it("lets a newer navigation end an older one when it loads, not when it is asked for", () => {
    const { page, underway } = fakeTab();
    const older = underway.load(page, underway.ask(page));
    const newer = underway.ask(page);
    expect(older.signal.aborted).toBe(false);
    underway.checked(page, newer);
    underway.load(page, newer);
    expect(older.signal.aborted).toBe(true);
    // The older load's end does not forget the newer one.
    underway.loaded(page, older);
    expect(underway.stop(page)).toBe(true);
    expect(newer.signal.aborted).toBe(true);
  });

  it("ends a tab's load for a page opened again, and leaves the navigations being checked", () => {
    const { page, underway } = fakeTab();
    const loading = underway.load(page);
    const asked = underway.ask(page);
    underway.abortLoad(page);
    expect(loading.signal.aborted).toBe(true);
    expect(asked.signal.aborted).toBe(false);
  });

  it("stops a tab that starts loading after its navigation's Stop, while that navigation has not ended", async () => {
    const { tab, page, underway } = fakeTab();
    const navigation = underway.load(page, underway.ask(page));
    underway.stop(page);
    const watching = underway.stopIfStillLoading(page, navigation, never);
    tab.loading = true; // the navigation reached the browser after the Stop
    await watching;
    expect(tab.stops).toBe(1);
    expect(tab.loading).toBe(false);
  });

  it("never stops a newer navigation, nor a tab whose stopped navigation has ended", async () => {
    const { tab, page, underway } = fakeTab();
    const stopped = underway.load(page, underway.ask(page));
    underway.stop(page);
    const watching = underway.stopIfStillLoading(page, stopped, never);
    await pause(10);
    underway.ask(page);
    tab.loading = true;
    await watching;
    expect(tab.stops).toBe(0);

    const ended = underway.load(page, underway.ask(page));
    underway.stop(page);
    await underway.stopIfStillLoading(page, ended, Promise.resolve());
    expect(tab.stops).toBe(0);
  });
});
