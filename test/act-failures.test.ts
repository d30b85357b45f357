/**
 * When `act()` cannot do what it was asked: an element replaced between the snapshot and the action
 * (read again, asked once more), an element covered or not editable (a second failure is a ClientError
 * naming the element and the reason), no element fitting (nothing touched), bad arguments (no model call),
 * a method or key Loupe does not have, and a model that never answers (`timeout`).
 */
import { ClientError, ExtractTimeoutError, LLMResponseError, type ActOptions } from "@loupe/core";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  actReply,
  actReplyOn,
  idOf,
  lastUserText,
  rejectionOf,
  startHarness,
  type Harness,
} from "./support/harness.js";

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  // A button whose click sets the page changing for good: the wait after the action runs to its bound.
  h.servers.route(
    "/act/ticker",
    () => `<!doctype html><title>Ticker</title><button id="start">Start the ticker</button><p id="tick">0</p>
<script>
  window.clicks = 0;
  document.getElementById("start").addEventListener("click", () => {
    window.clicks++;
    setInterval(() => { const t = document.getElementById("tick"); t.textContent = String(Number(t.textContent) + 1); }, 40);
  });
</script>`,
  );
});
afterAll(() => h.close());
afterEach(() => h.model.reset());

/** Opens an act fixture and returns its snapshot text. */
async function open(fixture: string): Promise<string> {
  await h.goto(`/act/${fixture}.html`);
  return (await h.client.extract()).pageText;
}

function seen(): Promise<Record<string, unknown>> {
  return h.page.evaluate<Record<string, unknown>>("window.seen");
}

/** Records, in the page, every DOM mutation and every input event from now on. */
async function watchPage(): Promise<void> {
  await h.page.evaluate(`(() => {
    window.touched = [];
    new MutationObserver((records) => {
      for (const r of records) window.touched.push("mutation " + r.type + " " + (r.target.id || r.target.nodeName));
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    for (const type of ["pointerdown", "pointermove", "mousedown", "mousemove", "click", "keydown", "input", "change", "focusin", "wheel", "scroll"])
      window.addEventListener(type, (event) => window.touched.push(type + " " + (event.target.id || event.target.nodeName)), true);
  })()`);
}

function touched(): Promise<string[]> {
  return h.page.evaluate<string[]>("window.touched");
}

describe("an element replaced between the snapshot and the action", () => {
  it("is read again; the model, told why, answers once more and that answer is performed", async () => {
    const text = await open("swap");
    const oldId = idOf(text, "button: Buy now");
    h.model.enqueue(
      // The page re-renders the button while the model thinks: the id it answers with is gone.
      async () => {
        await h.page.evaluate("rerender()");
        return actReply(oldId, "click");
      },
      actReplyOn("button: Buy now", "click"),
    );

    const result = await h.client.act("buy now");

    expect(h.model.requests).toHaveLength(2);
    const newId = result.action?.elementId;
    expect(newId).toBeDefined();
    expect(newId).not.toBe(oldId);
    expect(result).toMatchObject({
      success: true,
      message: `Click on button "Buy now" [${newId}]: clicked it.`,
    });
    expect(await seen()).toMatchObject({ clicks: [2], renders: 2 });

    const retry = h.model.requests[1]!;
    expect(retry.messages().map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(retry.messages()[2]!.text).toBe(JSON.stringify(actReply(oldId, "click").json));
    const { pageText: fresh } = await h.client.extract();
    expect(lastUserText(retry)).toBe(
      `Your previous choice (click on button "Buy now" [${oldId}]) could not be performed: ` +
        `it is no longer in the page (it was removed or replaced).\n` +
        "The page snapshot below is fresh. Choose again: the same element if it is still right, or another.\n\n" +
        `Page snapshot:\n${fresh}`,
    );
    expect(h.client.metrics.act.llmCalls).toBeGreaterThanOrEqual(2);
  });

  it("an id the snapshot does not have is a failure the model is asked about again", async () => {
    const text = await open("swap");
    h.model.enqueue(actReply("0-99999", "click"), actReply(idOf(text, "button: Buy now"), "click"));

    const result = await h.client.act("buy now");

    expect(result.success).toBe(true);
    expect(lastUserText(h.model.requests[1]!)).toContain(
      "Your previous choice (click on [0-99999]) could not be performed: [0-99999] is not an id in the snapshot.",
    );
    expect(await seen()).toMatchObject({ clicks: [1] });
  });
});

describe("an element that cannot be acted on, twice", () => {
  it("a covered button: asked again, then a ClientError naming the element and what covers it", async () => {
    const text = await open("covered");
    const id = idOf(text, "button: Pay now");
    h.model.enqueue(actReply(id, "click"), actReply(id, "click"));

    const error = await rejectionOf(h.client.act("pay"));

    expect(error).toBeInstanceOf(ClientError);
    expect((error as Error).message).toBe(
      `act() could not perform "pay": click on button "Pay now" [${id}] failed twice; the last time because ` +
        `it is covered by div#cookie-banner "We use cookies". ` +
        "Make the instruction more specific, or wait for the page to be ready.",
    );
    expect(h.model.requests).toHaveLength(2);
    expect(lastUserText(h.model.requests[1]!)).toContain(
      `Your previous choice (click on button "Pay now" [${id}]) could not be performed: it is covered by div#cookie-banner "We use cookies".`,
    );
    expect(await seen()).toEqual({ payClicks: 0 });
  });

  it("a read-only field: fill is refused before any key is sent, asked again, then a ClientError", async () => {
    const text = await open("account");
    const id = idOf(text, "textbox: Order number [value: A-1001, readonly]");
    h.model.enqueue(actReply(id, "fill", ["B-2002"]), actReply(id, "type", ["7"]));

    const error = await rejectionOf(h.client.act("set the order number to B-2002"));

    expect(error).toBeInstanceOf(ClientError);
    expect((error as Error).message).toContain(
      `type on textbox "Order number" [${id}] failed twice; the last time because input#order "Order number" is read-only.`,
    );
    expect(lastUserText(h.model.requests[0]!)).not.toContain("read-only");
    expect(lastUserText(h.model.requests[1]!)).toContain(
      `Your previous choice (fill on textbox "Order number" [${id}]) could not be performed: input#order "Order number" is read-only.`,
    );
    expect(await h.page.locator("#order").inputValue()).toBe("A-1001");
    expect(await seen()).toEqual({ inputs: 0 });
  });

  it("a <select> without the option asked for: the failure lists the options there are", async () => {
    await h.goto("/act/controls.html");
    const text = (await h.client.extract()).pageText;
    const id = idOf(text, "combobox: Size [value: Medium]");
    h.model.enqueue(actReply(id, "selectOption", ["XL"]), actReply(id, "selectOption", ["Large"]));

    const result = await h.client.act("choose XL");

    expect(result).toMatchObject({
      success: true,
      message: `SelectOption on combobox "Size" [${id}]: chose "Large".`,
    });
    expect(lastUserText(h.model.requests[1]!)).toContain(
      'could not be performed: no option "XL" in select#size "Size"; its options are: Small, Medium, Large.',
    );
  });
});

describe("no element fits", () => {
  it("answers { success: false, message } after one model call and leaves the page alone", async () => {
    await open("account");
    await watchPage();
    h.model.enqueue(actReply(null, null, [], "The page has no button to delete the account."));

    const result = await h.client.act("delete my account");

    expect(result).toEqual({ success: false, message: "The page has no button to delete the account." });
    expect(h.model.requests).toHaveLength(1);
    expect(await touched()).toEqual([]);
    expect(await h.page.evaluate(`document.activeElement === document.body`)).toBe(true);
    expect(h.client.metrics.act.llmCalls).toBeGreaterThanOrEqual(1);
  });

  it("an elementId with no method counts as no element: nothing is done", async () => {
    const text = await open("account");
    await watchPage();
    h.model.enqueue(actReply(idOf(text, "button: Save"), null, [], ""));

    const result = await h.client.act("do something unclear");

    expect(result).toEqual({ success: false, message: "No element on the page fits the instruction." });
    expect(await touched()).toEqual([]);
  });
});

describe("answers act cannot use", () => {
  it("a method act does not have is an LLMResponseError, and nothing is done", async () => {
    const text = await open("account");
    await watchPage();
    const reply = actReply(idOf(text, "button: Save"), "tap");
    h.model.enqueue(reply);

    const error = await rejectionOf(h.client.act("save"));

    expect(error).toBeInstanceOf(LLMResponseError);
    expect((error as Error).message).toBe('The model chose the method "tap", which act() does not have.');
    expect((error as LLMResponseError).responseText).toBe(JSON.stringify(reply.json));
    expect(h.model.requests).toHaveLength(1);
    expect(await touched()).toEqual([]);
  });

  it("a key Loupe cannot press: the failure names the key, and no half of the combination is pressed", async () => {
    const text = await open("account");
    const id = idOf(text, "textbox: Username");
    await watchPage();
    h.model.enqueue(actReply(id, "press", ["Control+Hyper"]), actReply(id, "press", ["Hyper"]));

    const error = await rejectionOf(h.client.act("press the hyper key"));

    expect(error).toBeInstanceOf(ClientError);
    const message = (error as Error).message;
    expect(message).toContain(
      `press on textbox "Username" [${id}] failed twice; the last time because "Hyper" is not a key Loupe can press.`,
    );
    expect(message).toContain("Keys: Enter, Tab, Escape,");
    expect(lastUserText(h.model.requests[1]!)).toContain(`"Hyper" is not a key Loupe can press.`);
    // Not even the Control of "Control+Hyper" went down.
    expect((await touched()).filter((t) => t.startsWith("keydown"))).toEqual([]);
  });
});

describe("arguments act refuses before any model call", () => {
  it.each<[string, () => Promise<unknown>, string]>([
    [
      "an empty instruction",
      () => h.client.act(""),
      'act() needs an instruction: a sentence saying what to do, like "click the Sign in button".',
    ],
    [
      "an instruction of spaces",
      () => h.client.act("   "),
      'act() needs an instruction: a sentence saying what to do, like "click the Sign in button".',
    ],
    [
      "an instruction that is not a string",
      () => h.client.act(42 as unknown as string),
      'act() needs an instruction: a sentence saying what to do, like "click the Sign in button".',
    ],
    [
      "an unknown option",
      () => h.client.act("click Save", { selector: "#save" } as ActOptions),
      'Unknown act() option "selector". The options are: model, timeout, page, variables.',
    ],
    [
      "options that are not an object",
      () => h.client.act("click Save", "fast" as ActOptions),
      "act() options must be an object.",
    ],
    [
      "a variable that is not a string",
      () => h.client.act("type %pin%", { variables: { pin: 1234 as unknown as string } }),
      'The variable "pin" must be a string.',
    ],
    [
      "a variable name that cannot be a placeholder",
      () => h.client.act("type %my pin%", { variables: { "my pin": "1234" } }),
      'The variable name "my pin" cannot be a %placeholder%: use letters, digits, _ and -.',
    ],
    [
      "variables that are not an object",
      () => h.client.act("type %pin%", { variables: ["1234"] as unknown as Record<string, string> }),
      'variables must be an object of names to strings, like { password: "…" }.',
    ],
    [
      "a timeout that is not a positive number",
      () => h.client.act("click Save", { timeout: -5 }),
      "timeout must be a positive number of milliseconds.",
    ],
  ])("%s is a ClientError that says what to change", async (_label, call, message) => {
    await open("account");
    await watchPage();

    const error = await rejectionOf(call());

    expect(error).toBeInstanceOf(ClientError);
    expect((error as Error).message).toBe(message);
    expect(h.model.requests).toHaveLength(0);
    expect(await touched()).toEqual([]);
  });
});

describe("timeout", () => {
  it("aborts a model call that never answers: ExtractTimeoutError for act, and the request is cut", async () => {
    await open("account");
    await watchPage();
    h.model.enqueue({ hang: true });
    const before = h.client.metrics.act;
    const started = performance.now();

    const error = await rejectionOf(h.client.act("click Save", { timeout: 1_000 }));

    const elapsed = performance.now() - started;
    expect(error).toBeInstanceOf(ExtractTimeoutError);
    expect(error).toMatchObject({ operation: "act", timeoutMs: 1_000 });
    expect((error as Error).message).toBe(
      "act() did not finish within its timeout of 1000 ms; the work in flight (the model request, if one was under way) was aborted. " +
        "Raise `timeout`, use a faster model, or narrow the page with `selector`.",
    );
    expect(elapsed).toBeGreaterThanOrEqual(990);
    expect(elapsed).toBeLessThan(3_000);
    expect(h.model.requests).toHaveLength(1);
    await vi.waitFor(() => expect(h.model.requests[0]!.aborted).toBe(true), { timeout: 5_000 });
    expect(await touched()).toEqual([]);
    expect(h.client.metrics.act).toMatchObject({ calls: before.calls + 1, llmCalls: before.llmCalls });

    // The client acts again afterwards.
    const text = (await h.client.extract()).pageText;
    h.model.enqueue(actReply(idOf(text, "button: Save"), "click"));
    await expect(h.client.act("click Save", { timeout: 30_000 })).resolves.toMatchObject({ success: true });
  });

  it("running out after the action was performed only cuts the wait that follows: the action is reported", async () => {
    await h.goto("/act/ticker");
    const text = (await h.client.extract()).pageText;
    h.model.enqueue(actReply(idOf(text, "button: Start the ticker"), "click"));
    const started = performance.now();

    const result = await h.client.act("start the ticker", { timeout: 1_500 });

    expect(result).toMatchObject({ success: true, action: { method: "click" } });
    expect(await h.page.evaluate("window.clicks")).toBe(1);
    expect(performance.now() - started).toBeLessThan(1_500 + 500);
  });
});
