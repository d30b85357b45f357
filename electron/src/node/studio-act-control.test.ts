/**
 * Act's controls through the Studio API over the in-memory transport: Cancel and the timeout abort the
 * model request in flight and leave the page as it was (no action after them), and the element acted on
 * is highlighted while it is still on the page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actReply, idOf } from "../../../test/support/harness.js";
import { startServiceHarness, type ServiceHarness } from "../../../test/support/service-harness.js";

const LINK_PAGE = `<!doctype html><title>Links</title><a href="/act/controls.html">Go to the controls</a>`;

describe("act's Cancel, timeout and highlight", () => {
  let h: ServiceHarness;
  const controls = () => `${h.servers.originA}/act/controls.html`;

  beforeAll(async () => {
    h = await startServiceHarness();
    h.servers.route("/links.html", () => LINK_PAGE);
  });

  afterAll(async () => {
    await h?.close();
  });

  /** Whether the controls page shows its details (what clicking "Show details" does). */
  const detailsShown = async () =>
    (await h.client.call("snapshot.get", {})).text.includes("ships within 2 days");

  it("cancels a run mid model call: the request is aborted and no action is performed", async () => {
    await h.client.call("session.navigate", { to: { url: controls() } });
    h.model.enqueue({ hang: true });
    const count = h.model.requests.length;
    const run = h.client.call("act.run", { runId: "act-1", instruction: "show the details" });
    await expect.poll(() => h.model.requests.length, { timeout: 30_000 }).toBe(count + 1);

    expect(await h.client.call("act.cancel", { runId: "act-1" })).toEqual({ cancelled: true });
    await expect(run).rejects.toMatchObject({
      code: "cancelled",
      message: "The act was cancelled before any action was performed.",
    });
    await expect.poll(() => h.model.requests.at(-1)?.aborted).toBe(true);
    expect(h.model.requests.length).toBe(count + 1); // no second attempt after the cancel
    expect(await detailsShown()).toBe(false);
    expect(h.added.at(-1)).toMatchObject({
      kind: "act",
      outcome: { ok: false, error: { code: "cancelled" } },
    });
    expect(await h.client.call("act.cancel", { runId: "act-1" })).toEqual({ cancelled: false });
  });

  it("stops a run past its timeout, saying so in act's words, and keeps the timeout for a rerun", async () => {
    h.model.enqueue({ hang: true });
    const count = h.model.requests.length;
    // Long enough for a loaded machine to reach the model, so the hanging answer makes the timeout end it.
    await expect(
      h.client.call("act.run", { instruction: "show the details", options: { timeout: 3_000 } }),
    ).rejects.toMatchObject({
      code: "act_timeout",
      message:
        "The act did not finish within its timeout of 3000 ms, so it was stopped before any action was " +
        "performed. Raise the timeout or use a faster model.",
    });
    expect(h.model.requests.length).toBe(count + 1);
    await expect.poll(() => h.model.requests.at(-1)?.aborted).toBe(true);
    expect(await detailsShown()).toBe(false);
    expect(h.added.at(-1)).toMatchObject({
      input: { instruction: "show the details", options: { timeout: 3000 } },
      outcome: { ok: false, error: { code: "act_timeout" } },
    });
  });

  it("highlights the element acted on while it is on the page, and not after the tab navigated", async () => {
    const { text } = await h.client.call("snapshot.get", {});
    h.model.enqueue(actReply(idOf(text, "button: Show details"), "click"));
    const done = await h.client.call("act.run", { runId: "act-2", instruction: "show the details" });
    expect(done).toMatchObject({ success: true, highlighted: true });
    expect(await detailsShown()).toBe(true);

    await h.client.call("session.navigate", { to: { url: `${h.servers.originA}/links.html` } });
    const links = await h.client.call("snapshot.get", {});
    h.model.enqueue(actReply(idOf(links.text, "link: Go to the controls"), "click"));
    const away = await h.client.call("act.run", { instruction: "go to the controls" });
    expect(away).toMatchObject({ success: true, highlighted: false, page: { url: controls() } });
  });

  it("answers Cancel while it still waits to attach to a tab that does not answer", async () => {
    // A tab stuck in a script while Loupe attached to it never finishes the attach: an attach that never
    // ends stands in for it here.
    const service = h.service as unknown as { sessionsFor: (page: unknown) => Promise<unknown> };
    const attach = service.sessionsFor;
    service.sessionsFor = () => new Promise(() => {});
    try {
      const run = h.client.call("act.run", { runId: "act-3", instruction: "show the details" });
      expect(await h.client.call("act.cancel", { runId: "act-3" })).toEqual({ cancelled: true });
      await expect(run).rejects.toMatchObject({ code: "cancelled" });
      expect(h.added.at(-1)).toMatchObject({
        kind: "act",
        outcome: { ok: false, error: { code: "cancelled" } },
      });
    } finally {
      service.sessionsFor = attach;
    }
  });
});
