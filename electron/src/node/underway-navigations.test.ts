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
  it("stops the navigation asked for last, once, and says whether there was one", () => {
    const { page, underway } = fakeTab();
    const first = underway.begin(page);
    const second = underway.begin(page);
    expect(first.signal.aborted).toBe(true);
    expect(underway.stop(page)).toBe(true);
    expect(second.signal.aborted).toBe(true);
    underway.end(page, second);
    expect(underway.stop(page)).toBe(false);
  });

  it("keeps a navigation that ended from being forgotten for a newer one", () => {
    const { page, underway } = fakeTab();
    const older = underway.begin(page);
    const newer = underway.begin(page);
    underway.end(page, older);
    expect(underway.stop(page)).toBe(true);
    expect(newer.signal.aborted).toBe(true);
  });

  it("stops a tab that starts loading after its navigation's Stop, while that navigation has not ended", async () => {
    const { tab, page, underway } = fakeTab();
    const navigation = underway.begin(page);
    underway.stop(page);
    const watching = underway.stopIfStillLoading(page, navigation, never);
    tab.loading = true; // the navigation reached the browser after the Stop
    await watching;
    expect(tab.stops).toBe(1);
    expect(tab.loading).toBe(false);
  });

  it("never stops a newer navigation, nor a tab whose stopped navigation has ended", async () => {
    const { tab, page, underway } = fakeTab();
    const stopped = underway.begin(page);
    underway.stop(page);
    const watching = underway.stopIfStillLoading(page, stopped, never);
    await pause(10);
    underway.begin(page);
    tab.loading = true;
    await watching;
    expect(tab.stops).toBe(0);

    const ended = underway.begin(page);
    underway.stop(page);
    await underway.stopIfStillLoading(page, ended, Promise.resolve());
    expect(tab.stops).toBe(0);
  });
});
