/**
 * What `act()` sends to the model and what it counts: the exact prompt (the methods in the system
 * prompt; the instruction, the placeholders and extract's own snapshot in the user message), `variables`
 * whose values never reach the model — not in act's prompts, not in later prompts once the page shows
 * them — and `client.metrics.act`.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { actReply, idOf, lastUserText, startHarness, type Harness } from "./support/harness.js";

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
afterEach(() => h.model.reset());

async function open(fixture: string): Promise<string> {
  await h.goto(`/act/${fixture}.html`);
  return (await h.client.extract()).pageText;
}

const METHODS = [
  "click",
  "doubleClick",
  "hover",
  "fill",
  "type",
  "press",
  "selectOption",
  "check",
  "uncheck",
  "scrollIntoView",
  "scroll",
];

/** The system prompt, word for word: a change of wording shows up here. */
const SYSTEM = [
  "You perform exactly one action on a web page for a user: choose the one element and the one method that do what the instruction says.",
  "The page is an accessibility-tree snapshot: one element per line as `[id] role: name`, text on lines of its own, children indented under their parent, the content of frames under their `Iframe` line.",
  "Methods: click, doubleClick, hover, fill, type, press, selectOption, check, uncheck, scrollIntoView, scroll.",
  "Arguments: fill takes one, the text that replaces the field's value; type takes one, the text to append, key by key; " +
    "press takes one, the key or combination, like Enter, Tab, Escape, ArrowDown, a, Control+A; " +
    "selectOption takes one, the label of the option to choose; " +
    "scroll takes one, how far, as a fraction of the visible height: 1 is one screen down, -0.5 half a screen up; the others take none.",
  "To scroll the whole page, act on the RootWebArea line's id.",
  "Answer with the element's id exactly as written in square brackets (like 0-12). If no element on the page fits the instruction, answer with elementId null and say why in description.",
].join("\n");

describe("the prompt", () => {
  it("is the system prompt with the methods, then the instruction and extract's snapshot", async () => {
    const text = await open("account");
    h.model.enqueue(actReply(idOf(text, "button: Save"), "click"));

    await h.client.act("click the Save button");

    const request = h.model.requests[0]!;
    expect(request.messages()).toEqual([
      { role: "system", text: SYSTEM, images: 0 },
      { role: "user", text: `Instruction: click the Save button\n\nPage snapshot:\n${text}`, images: 0 },
    ]);
    // The answer's shape goes along as a JSON schema, the methods as an enum.
    const format = request.body["response_format"] as {
      type: string;
      json_schema: {
        name: string;
        schema: { properties: { method: { enum: unknown[] } }; required: string[] };
      };
    };
    expect(format.type).toBe("json_schema");
    expect(format.json_schema.name).toBe("action");
    expect(format.json_schema.schema.properties.method.enum).toEqual([...METHODS, null]);
    expect(format.json_schema.schema.required).toEqual(["elementId", "method", "arguments", "description"]);
  });

  it("names the placeholders the model may use, never their values", async () => {
    const text = await open("account");
    h.model.enqueue(actReply(idOf(text, "textbox: Username"), "fill", ["%user%"]));

    await h.client.act("log in as %user%", { variables: { user: "grace-h", pin: "80085" } });

    expect(lastUserText(h.model.requests[0]!)).toBe(
      "Instruction: log in as %user%\n\n" +
        "Placeholders you may use in arguments (Loupe fills in their values; you never see them): %user%, %pin%.\n\n" +
        `Page snapshot:\n${text}`,
    );
  });
});

describe("variables", () => {
  it("fill the field after the model answered; their values reach no request, later ones included", async () => {
    const secrets = { username: "ada.lovelace", token: "tok-9f8e  7d6c" };
    // The snapshot collapses runs of spaces: that form of a value is a secret too.
    const forms = ["ada.lovelace", "tok-9f8e  7d6c", "tok-9f8e 7d6c"];
    const text = await open("account");
    const username = idOf(text, "textbox: Username");
    const token = idOf(text, "textbox: API token");
    h.model.enqueue(actReply(username, "fill", ["%username%"]), actReply(token, "type", ["%token%"]));

    const filled = await h.client.act("fill in %username% as the username", { variables: secrets });
    const typed = await h.client.act("type %token% into the API token field", { variables: secrets });

    expect(filled.action?.arguments).toEqual(["%username%"]);
    expect(typed.action?.arguments).toEqual(["%token%"]);
    expect(await h.page.locator("#username").inputValue()).toBe("ada.lovelace");
    expect(await h.page.locator("#token").inputValue()).toBe("tok-9f8e  7d6c");
    // What the field holds is named by its placeholder, in the message and in the page text alike.
    expect(filled.message).toContain('it now holds "%username%"');
    expect((await h.client.extract()).pageText).toContain("textbox: Username [value: %username%]");

    // Later calls, without `variables`, read a page that shows the values: each is masked.
    h.model.enqueue({ text: "The username is %username%." }, actReply(idOf(text, "button: Save"), "click"));
    await h.client.extract("What is the username?");
    await h.client.act("save");
    for (const request of h.model.requests.slice(2)) {
      expect(lastUserText(request)).toContain("textbox: Username [value: %username%]");
      expect(lastUserText(request)).toContain("textbox: API token [value: %token%]");
    }

    // A failure whose reason quotes the field's value: the retry prompt masks it too.
    await h.page.evaluate(`document.getElementById("username").readOnly = true`);
    h.model.enqueue(
      actReply(username, "fill", ["someone-else"]),
      actReply(username, "fill", ["someone-else"]),
    );
    await expect(h.client.act("change the username")).rejects.toThrow(/is read-only/);
    expect(lastUserText(h.model.requests[5]!)).toContain('input#username "Username" is read-only');

    expect(h.model.requests).toHaveLength(6);
    for (const request of h.model.requests) {
      const sent = JSON.stringify(request.body);
      for (const form of forms) expect(sent).not.toContain(JSON.stringify(form).slice(1, -1));
    }
    for (const line of h.logs) for (const form of forms) expect(JSON.stringify(line)).not.toContain(form);
  });

  it("an unknown placeholder is left as the model wrote it", async () => {
    const text = await open("account");
    h.model.enqueue(actReply(idOf(text, "textbox: Username"), "fill", ["%nobody%"]));

    const result = await h.client.act("fill in %nobody%", { variables: { somebody: "x-y-z" } });

    expect(result.success).toBe(true);
    expect(await h.page.locator("#username").inputValue()).toBe("%nobody%");
  });
});

describe("metrics", () => {
  it("counts one model call per act, its tokens and its time; a retry is a second call", async () => {
    const text = await open("account");
    const save = idOf(text, "button: Save");
    const before = h.client.metrics;
    h.model.enqueue({ ...actReply(save, "click"), usage: { input: 1234, output: 56 } });

    await h.client.act("click Save");

    const after = h.client.metrics;
    expect(after.act.calls - before.act.calls).toBe(1);
    expect(after.act.llmCalls - before.act.llmCalls).toBe(1);
    expect(after.act.inputTokens - before.act.inputTokens).toBe(1234);
    expect(after.act.outputTokens - before.act.outputTokens).toBe(56);
    expect(after.act.totalMs).toBeGreaterThan(before.act.totalMs);
    expect(after.act.llmMs).toBeGreaterThanOrEqual(before.act.llmMs);
    expect(after.act.llmMs - before.act.llmMs).toBeLessThanOrEqual(after.act.totalMs - before.act.totalMs);
    expect(after.extract).toEqual(before.extract);
    expect(after.total.inputTokens - before.total.inputTokens).toBe(1234);

    h.model.enqueue(
      { ...actReply("0-99999", "click"), usage: { input: 100, output: 10 } },
      { ...actReply(save, "click"), usage: { input: 200, output: 20 } },
    );
    await h.client.act("click Save");
    const retried = h.client.metrics;
    expect(retried.act.calls - after.act.calls).toBe(1);
    expect(retried.act.llmCalls - after.act.llmCalls).toBe(2);
    expect(retried.act.inputTokens - after.act.inputTokens).toBe(300);
    expect(retried.act.outputTokens - after.act.outputTokens).toBe(30);
  });
});
