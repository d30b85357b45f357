/**
 * act's variables in the real UI: a value typed in the Act panel's Variables reaches the page and nothing
 * else — not the result shown, not the history, not the events another window of the Studio receives.
 * A rerun from the history takes the value from the form, and asks for it when the form has none.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { STUDIO_API_PATH, type StudioMessage } from "../../electron/src/common/index.js";
import { socketTransport } from "../../electron/src/node/websocket-transport.js";
import { actReply, idOf } from "../support/harness.js";
import { startStudioHarness, type StudioHarness } from "../support/studio-harness.js";

const EMAIL = "grace.hopper@example.com";

describe("act's variables in the Studio", () => {
  let h: StudioHarness;
  let second: WebSocket;
  /** Every message a second window of the same Studio receives. */
  const received: StudioMessage[] = [];

  beforeAll(async () => {
    h = await startStudioHarness();
    const url = new URL(h.studio.url);
    const token = new URLSearchParams(url.hash.slice(1)).get("token") ?? "";
    second = new WebSocket(`ws://${url.host}${STUDIO_API_PATH}?token=${encodeURIComponent(token)}`);
    await new Promise((resolve, reject) => second.once("open", resolve).once("error", reject));
    socketTransport(second).onMessage((message) => received.push(message));
  });
  afterAll(async () => {
    second?.close();
    await h?.close();
  });

  it("shows %email% for the value, keeps only the name in the history, and reruns with the form's value", async () => {
    const handlers = h.studio.service.handlers;
    await handlers["session.open"]({ url: `${h.servers.originA}/act/sign-in.html` });
    const { text } = await handlers["snapshot.get"]({});
    const email = idOf(text, "textbox: Email");
    h.model.enqueue(actReply(email, "fill", ["%email%"]), actReply(email, "fill", ["%email%"]));

    await h.ui.getByRole("tab", { name: "Act", exact: true }).click();
    const form = h.ui.getByRole("form", { name: "Act" });
    await form.getByLabel("Instruction").fill("fill in %email%");
    await form.getByRole("button", { name: "Add variable" }).click();
    await form.getByLabel("Variable 1 name").fill("email");
    await form.getByLabel("Variable 1 value").fill(EMAIL);
    await form.getByRole("button", { name: "Run act" }).click();
    const result = h.ui.getByRole("region", { name: "Act result" });
    expect(await result.getByRole("status").textContent()).toContain('it now holds "%email%"');
    await h.screenshot("act-variables");

    await h.ui.getByRole("tab", { name: "History", exact: true }).click();
    const runs = h.ui.getByRole("list", { name: "Runs" }).getByRole("listitem");
    await expect.poll(() => runs.count()).toBe(1);
    await runs.nth(0).getByRole("button").click();
    const detail = h.ui.getByRole("region", { name: "Run detail" });
    expect(await detail.getByText(/Variables %email%: their values are not kept/).count()).toBe(1);
    expect(await detail.textContent()).not.toContain(EMAIL);

    // The value is still in the form: the rerun uses it, and the page gets it again.
    await handlers["session.open"]({ url: `${h.servers.originA}/act/sign-in.html` });
    await detail.getByRole("button", { name: "Rerun" }).click();
    await expect.poll(() => runs.count(), { timeout: 30_000 }).toBe(2);
    expect(h.model.pendingReplies).toBe(0);

    // Without the row, the rerun stops, says why, and puts an empty row for the name in the Act panel.
    await h.ui.getByRole("tab", { name: "Act", exact: true }).click();
    await form.getByRole("button", { name: "Remove variable 1" }).click();
    await h.ui.getByRole("tab", { name: "History", exact: true }).click();
    await runs.nth(0).getByRole("button").click();
    await detail.getByRole("button", { name: "Rerun" }).click();
    await h.ui
      .getByRole("alert")
      .getByText(/This act used %email%: .* Enter the value under Variables in the Act panel/)
      .waitFor();
    expect(await runs.count()).toBe(2);
    await h.ui.getByRole("tab", { name: "Act", exact: true }).click();
    expect(await form.getByLabel("Variable 1 name").inputValue()).toBe("email");
    expect(await form.getByLabel("Variable 1 value").inputValue()).toBe("");

    const { runs: kept } = await handlers["history.list"]({});
    expect(kept.map((run) => run.input)).toEqual([
      { instruction: "fill in %email%", variableNames: ["email"] },
      { instruction: "fill in %email%", variableNames: ["email"] },
    ]);
    expect(JSON.stringify(kept)).not.toContain(EMAIL);
    const added = received.filter((m) => m.kind === "event" && m.name === "history.added");
    expect(added).toHaveLength(2);
    expect(JSON.stringify(received)).not.toContain(EMAIL);
  }, 180_000);
});
