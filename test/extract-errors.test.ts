/**
 * The errors `extract` raises (spec §7): each class, from a real cause, with a message that says what to
 * change. Schema validation and link-id failures are in links-and-repair.test.ts; timeouts in
 * extract-options.test.ts; a dead or closed client in client-lifecycle.test.ts.
 */
import {
  Client,
  ClientError,
  ClientIframeError,
  ContentFrameNotFoundError,
  InvalidAISDKModelFormatError,
  LLMResponseError,
  MissingLLMConfigurationError,
  UnsupportedModelError,
  XPathResolutionError,
} from "@loupe/core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { rejectionOf, startHarness, withEnv, type Harness } from "./support/harness.js";

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  h.servers.route(
    "/fenced",
    () =>
      `<!doctype html><title>Fenced</title><h1>Frames that cannot be read</h1>` +
      `<fencedframe id="fenced"></fencedframe>` +
      `<iframe id="readable" src="/frames-shadow/nested.html"></iframe>`,
  );
});
afterAll(() => h.close());
beforeEach(async () => {
  if (!h.page.url().endsWith("/frames-shadow/")) await h.goto("/frames-shadow/");
});
afterEach(() => h.model.reset());

const Title = z.object({ title: z.string() });

describe("bad arguments and options: a ClientError that says what to change, before any model call", () => {
  it.each([
    [
      "a number as instruction",
      [42],
      /first argument must be an instruction \(a string\) or an options object, not number 42/,
    ],
    ["an empty instruction", ["   "], /The instruction is empty/],
    ["four arguments", ["x", Title, {}, {}], /at most three arguments/],
    [
      "options then more",
      [{ selector: "h1" }, Title],
      /takes only the options object; put the instruction first/,
    ],
    [
      "a misspelt option",
      [{ selectr: "h1" }],
      /Unknown extract\(\) option "selectr"\. The options are: model, timeout, selector/,
    ],
    [
      "a negative timeout",
      [{ timeout: -5 }],
      /timeout must be a positive number of milliseconds, not number -5/,
    ],
    [
      "a timeout in a string",
      ["x", Title, { timeout: "5s" }],
      /timeout must be a positive number of milliseconds, not the string "5s"/,
    ],
    ["an empty selector", [{ selector: " " }], /selector must be a non-empty CSS selector or XPath string/],
    [
      "ignoreSelectors as a string",
      [{ ignoreSelectors: "footer" }],
      /ignoreSelectors must be an array of non-empty CSS selector or XPath strings/,
    ],
    [
      "screenshot as a string",
      ["x", Title, { screenshot: "yes" }],
      /screenshot must be true or false, not the string "yes"/,
    ],
    [
      "serverCache as a number",
      ["x", Title, { serverCache: 1 }],
      /serverCache must be true or false, not number 1/,
    ],
    [
      "a string as schema",
      ["x", "z.string()"],
      /second argument must be a schema \(zod or JSON Schema\), not the string/,
    ],
    ["options as an array", ["x", Title, ["h1"]], /options must be an object, not an array/],
    [
      "a plain object that is no schema",
      ["x", { name: "string" }],
      /none of the JSON Schema keywords .* \{ name \}/,
    ],
    ["a zod shape instead of a schema", ["x", { name: z.string() }], /Wrap it: z\.object\(\{ name \}\)/],
    [
      "undefined schema with options",
      ["x", undefined, { timeout: 5 }],
      /pass a schema or use extract\(instruction, options\)/,
    ],
    [
      "a page that is not a page",
      [{ page: "about:blank" }],
      /page must be a Playwright, Puppeteer or Patchright page, not the string/,
    ],
    [
      "an object that is not a page",
      [{ page: { url: "x" } }],
      /cannot be read: it is neither a Playwright\/Patchright page nor a Puppeteer page/,
    ],
  ])("%s", async (_label, args, message) => {
    const error = await rejectionOf((h.client.extract as (...a: unknown[]) => Promise<unknown>)(...args));
    expect(error).toBeInstanceOf(ClientError);
    expect((error as Error).message).toMatch(message);
    expect(h.model.requests).toHaveLength(0);
  });

  it("a closed page passed as `page`", async () => {
    const closed = await h.client.context.newPage();
    await closed.close();

    const error = await rejectionOf(h.client.extract({ page: closed }));

    expect(error).toBeInstanceOf(ClientError);
    expect((error as Error).message).toMatch(/The page passed as `page` cannot be read: it is closed/);
  });
});

describe("selectors that resolve nowhere", () => {
  it("a CSS selector matching nothing is a ClientError naming the selector", async () => {
    const error = await rejectionOf(h.client.extract({ selector: "#no-such-element" }));
    expect(error).toBeInstanceOf(ClientError);
    expect(error).not.toBeInstanceOf(XPathResolutionError);
    expect((error as Error).message).toMatch(
      /The selector "#no-such-element" matches no element in the page/,
    );
  });

  it("a CSS selector matching nothing fails a schema extract before the model is called", async () => {
    const error = await rejectionOf(h.client.extract("The title", Title, { selector: ".nothing-here" }));
    expect((error as Error).message).toContain('".nothing-here"');
    expect(h.model.requests).toHaveLength(0);
  });

  it.each(["//section[@id='nowhere']", "xpath=//nope"])(
    "an XPath matching nothing (%s) is an XPathResolutionError",
    async (selector) => {
      const error = await rejectionOf(h.client.extract({ selector }));
      expect(error).toBeInstanceOf(XPathResolutionError);
      expect(error).toBeInstanceOf(ClientError);
      expect(error).toMatchObject({ xpath: selector.replace(/^xpath=/, "") });
      expect((error as Error).message).toMatch(
        /matches no element in the page, its frames or its shadow roots/,
      );
    },
  );

  it("an invalid CSS selector and an invalid XPath are ClientErrors that say so", async () => {
    const css = await rejectionOf(h.client.extract({ selector: "##bad" }));
    expect(css).toBeInstanceOf(ClientError);
    expect((css as Error).message).toMatch(/"##bad" is not a valid CSS selector/);

    const xpath = await rejectionOf(h.client.extract({ selector: "//p[" }));
    expect(xpath).toBeInstanceOf(ClientError);
    expect((xpath as Error).message).toMatch(/"\/\/p\[" is not a valid XPath/);
  });

  it("a selector at a frame whose document cannot be read is a ContentFrameNotFoundError", async () => {
    await h.goto("/fenced");
    // The fenced frame has no config, so it never gets a document; the iframe beside it reads fine.
    expect((await h.client.extract({ selector: "#readable" })).pageText).toContain("Nested frame text");

    const error = await rejectionOf(h.client.extract({ selector: "#fenced" }));

    expect(error).toBeInstanceOf(ContentFrameNotFoundError);
    expect(error).toBeInstanceOf(ClientError);
    expect(error).toMatchObject({ selector: "#fenced" });
    expect((error as Error).message).toMatch(
      /The frame behind "#fenced" has no content document that can be read/,
    );
  });
});

describe("selectors that step into iframes (the form selectorOf returns)", () => {
  const ENTER = " >> internal:control=enter-frame >> ";

  it("read the element inside a same-origin and a cross-origin iframe", async () => {
    const same = await h.client.extract({ selector: `#same-frame${ENTER}p.note` });
    expect(same.pageText).toContain("Same-origin frame text: Yellow Belt");
    expect(same.pageText).not.toContain("Loupe test shop");
    const cross = await h.client.extract({ selector: `xpath=//iframe[@id="cross-frame"]${ENTER}p.note` });
    expect(cross.pageText).toContain("Cross-origin frame text: Black Boots");
  });

  it("a frame step that matches nothing is a ClientIframeError naming the step", async () => {
    const error = await rejectionOf(h.client.extract({ selector: `#no-such-frame${ENTER}p` }));
    expect(error).toBeInstanceOf(ClientIframeError);
    expect(error).toBeInstanceOf(ClientError);
    expect((error as Error).message).toMatch(
      /The iframe step "#no-such-frame" of selector .* matches no element/,
    );
  });

  it("a frame step that matches an element that is not a frame is a ClientIframeError", async () => {
    const error = await rejectionOf(h.client.extract({ selector: `#intro${ENTER}p` }));
    expect(error).toBeInstanceOf(ClientIframeError);
    expect((error as Error).message).toMatch(/matches a <p>, not an <iframe> or <frame>/);
  });

  it("an element step that matches nothing inside the frame is the usual not-found error", async () => {
    const error = await rejectionOf(h.client.extract({ selector: `#same-frame${ENTER}xpath=//nope` }));
    expect(error).toBeInstanceOf(XPathResolutionError);
    expect(error).toMatchObject({ xpath: "//nope" });
  });
});

describe("model answers that cannot be used: LLMResponseError", () => {
  it("a schema extract answered with prose, keeping the text", async () => {
    h.model.enqueue({ text: "Sorry, I cannot read this page." });

    const error = await rejectionOf(h.client.extract("The title", Title));

    expect(error).toBeInstanceOf(LLMResponseError);
    expect(error).toMatchObject({ responseText: "Sorry, I cannot read this page." });
    expect((error as Error).message).toMatch(
      /did not answer with valid JSON\. Its answer begins: "Sorry, I cannot/,
    );
    expect(h.model.requests).toHaveLength(1);
  });

  it("…but JSON in a Markdown fence is accepted", async () => {
    h.model.enqueue({ text: '```json\n{ "title": "Loupe test shop" }\n```' });
    await expect(h.client.extract("The title", Title)).resolves.toEqual({ title: "Loupe test shop" });
  });

  it.each([
    [
      500,
      "server_error",
      "The server had an error while processing your request.",
      /HTTP 500 .*try again later/,
    ],
    [401, "invalid_request_error", "Incorrect API key provided: sk-wrong.", /HTTP 401 .*Check the API key/],
  ])("a provider answering HTTP %i, with no retry", async (status, type, message, expected) => {
    h.model.enqueue({ status, error: { message, type } });

    const error = await rejectionOf(h.client.extract("The title", Title));

    expect(error).toBeInstanceOf(LLMResponseError);
    expect((error as Error).message).toMatch(expected);
    expect((error as Error).message).toContain(message);
    expect(h.model.requests).toHaveLength(1);
  });

  it("a free-text extract on the Responses API getting HTTP 500", async () => {
    h.model.enqueue({ status: 500, error: { message: "Upstream overloaded", type: "server_error" } });

    const error = await rejectionOf(h.client.extract("The title", { model: h.responsesModel }));

    expect(error).toBeInstanceOf(LLMResponseError);
    expect((error as Error).message).toMatch(/HTTP 500 .*Upstream overloaded/);
  });
});

describe("model configuration errors", () => {
  it("no key: MissingLLMConfigurationError naming the variable, no request, and page text still works", async () => {
    await withEnv({ ANTHROPIC_API_KEY: undefined }, async () => {
      const error = await rejectionOf(
        h.client.extract("The title", Title, { model: "anthropic/claude-test" }),
      );
      expect(error).toBeInstanceOf(MissingLLMConfigurationError);
      expect((error as Error).message).toMatch(
        /set the ANTHROPIC_API_KEY environment variable, or pass \{ modelName/,
      );

      const text = await h.client.extract({ model: "anthropic/claude-test" });
      expect(text.pageText).toContain("Loupe test shop");
    });
    expect(h.model.requests).toHaveLength(0);
  });

  it("an unknown provider: UnsupportedModelError, per call and at construction", async () => {
    const error = await rejectionOf(h.client.extract("The title", { model: "acme/model-1" }));
    expect(error).toBeInstanceOf(UnsupportedModelError);
    expect((error as Error).message).toMatch(
      /The provider "acme" in "acme\/model-1" is not supported\. Supported providers: openai/,
    );

    expect(() => new Client({ model: "acme/model-1" })).toThrow(UnsupportedModelError);
  });

  it("a model without provider/: InvalidAISDKModelFormatError, per call and at construction", async () => {
    const error = await rejectionOf(h.client.extract("The title", Title, { model: "gpt-4.1-mini" }));
    expect(error).toBeInstanceOf(InvalidAISDKModelFormatError);
    expect((error as Error).message).toMatch(
      /The model "gpt-4\.1-mini" is not of the form "provider\/model"/,
    );

    expect(() => new Client({ model: "gpt-4.1-mini" })).toThrow(InvalidAISDKModelFormatError);
    expect(() => new Client({ model: { modelName: "" } })).toThrow(InvalidAISDKModelFormatError);
    expect(() => new Client({ model: { apiKey: "k" } as never })).toThrow(
      /needs modelName: "provider\/model"/,
    );
    expect(h.model.requests).toHaveLength(0);
  });
});

it("every error class is a ClientError and an Error", () => {
  for (const error of [
    new ContentFrameNotFoundError("#x"),
    new XPathResolutionError("//x"),
    new LLMResponseError("x"),
    new MissingLLMConfigurationError("x"),
    new UnsupportedModelError("x"),
    new InvalidAISDKModelFormatError("x"),
  ]) {
    expect(error).toBeInstanceOf(ClientError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(error.constructor.name);
  }
});
