import type { PageSessions } from "@loupe/core/engine";
import { describe, expect, it } from "vitest";
import { historyStep } from "./history-step.js";

/** Sessions whose root answers Page.getNavigationHistory with `history` (or fails with it). */
function sessionsWith(history: unknown): Promise<PageSessions> {
  const send = async () => {
    if (history instanceof Error) throw history;
    return history;
  };
  return Promise.resolve({ root: { send } } as unknown as PageSessions);
}

const entry = (url: string, userTypedURL = url) => ({ url, userTypedURL });

describe("historyStep", () => {
  const history = {
    currentIndex: 1,
    entries: [
      entry("https://a.test/"),
      entry("https://b.test/"),
      entry("chrome-error://chromewebdata/", "https://c.test/"),
    ],
  };

  it("reads where back and forward lead, the address typed for the browser's error page", async () => {
    expect(await historyStep(sessionsWith(history), "back")).toBe("https://a.test/");
    expect(await historyStep(sessionsWith(history), "forward")).toBe("https://c.test/");
  });

  it("says null when there is no such step, undefined when the browser does not answer", async () => {
    expect(await historyStep(sessionsWith({ ...history, currentIndex: 0 }), "back")).toBeNull();
    expect(await historyStep(sessionsWith({ ...history, currentIndex: 2 }), "forward")).toBeNull();
    expect(await historyStep(sessionsWith(new Error("crashed")), "back")).toBeUndefined();
  });
});
