/**
 * Stop ends the navigation it was pressed for, however early it comes. The Stop button shows the moment
 * an address is entered, before the service has even begun the navigation (it first checks that the
 * tab's page answers): a Stop that arrived then used to find nothing under way, and the page loaded
 * anyway, with the bar saying it had stopped.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServiceHarness, type ServiceHarness } from "../../../test/support/service-harness.js";
import { StudioError } from "../common/studio-error.js";

describe("Stop during a navigation", () => {
  let h: ServiceHarness;
  /** Requests the page server received for the page that never answers. */
  let hangRequests = 0;

  beforeAll(async () => {
    h = await startServiceHarness();
    h.servers.route("/start.html", () => "<!doctype html><title>Start</title><p>Start");
    h.servers.route("/hang.html", () => {
      hangRequests++;
      // Never answers: the navigation stays under way until it is stopped.
    });
    await h.client.call("session.open", { url: `${h.servers.originA}/start.html` });
  });
  afterAll(async () => {
    await h?.close();
  });

  const activePage = async () => (await h.client.call("session.pages", {})).pages.find((page) => page.active);

  it("stops a navigation asked for in the same moment, before it has begun", async () => {
    hangRequests = 0;
    const outcome = failureOf(
      h.client.call("session.navigate", { to: { url: `${h.servers.originA}/hang.html` } }),
    );
    const stopped = await h.client.call("session.stop", {});
    const failure = await outcome;
    expect(failure).toBeInstanceOf(StudioError);
    expect((failure as StudioError).code).toBe("navigation_stopped");
    expect(stopped).toEqual({ stopped: true });
    // The tab stays on its page, and is not loading the other one behind the bar's back.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const page = await activePage();
    expect(page?.url).toBe(`${h.servers.originA}/start.html`);
    expect(page?.loading).toBeUndefined();
    expect(hangRequests).toBe(0);
  });

  it("stops a navigation the browser has started", async () => {
    hangRequests = 0;
    const failure = failureOf(
      h.client.call("session.navigate", { to: { url: `${h.servers.originA}/hang.html` } }),
    );
    await expect.poll(() => hangRequests, { timeout: 30_000 }).toBe(1);
    expect(await h.client.call("session.stop", {})).toEqual({ stopped: true });
    expect(await failure).toMatchObject({ code: "navigation_stopped" });
    await expect.poll(async () => (await activePage())?.loading, { timeout: 10_000 }).toBeUndefined();
    expect((await activePage())?.url).toBe(`${h.servers.originA}/start.html`);
  });

  it("answers stopped: false when nothing is under way, and the next navigation runs", async () => {
    expect(await h.client.call("session.stop", {})).toEqual({ stopped: false });
    const page = await h.client.call("session.navigate", { to: { url: `${h.servers.originB}/start.html` } });
    expect(page.url).toBe(`${h.servers.originB}/start.html`);
  });
});

/**
 * What a call under way fails with (undefined if it succeeds), held from the start so that its rejection
 * is never unhandled while the test does something else first.
 */
function failureOf(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    () => undefined,
    (error: unknown) => error,
  );
}
