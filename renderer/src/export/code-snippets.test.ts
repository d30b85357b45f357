import { describe, expect, it } from "vitest";
import { newWorkspace, type Workspace } from "../state/workspace.js";
import {
  actSnippet,
  extractSnippet,
  fetchCurl,
  fetchSnippet,
  shellQuote,
  tsString,
} from "./code-snippets.js";

const TRICKY = 'say "hi" and `run ${rm -rf}`\nthen it\'s done \\ ok';

function workspace(patch: Partial<Workspace> = {}): Workspace {
  return { ...newWorkspace("http://127.0.0.1:8/shop"), ...patch };
}

/** What a TypeScript string literal evaluates to (the snippet's literals are plain JavaScript). */
function evaluate(literal: string): unknown {
  return new Function(`return ${literal};`)();
}

describe("tsString", () => {
  it("keeps quotes, backticks, ${ and newlines as typed", () => {
    expect(evaluate(tsString(TRICKY))).toBe(TRICKY);
    expect(tsString(TRICKY)).not.toContain("\n");
  });
});

describe("extractSnippet", () => {
  it("puts the zod schema exactly as typed and the instruction escaped", () => {
    const source = 'z.object({ title: z.string().describe("the `main` title") });\n';
    const code = extractSnippet(
      workspace({ instruction: TRICKY, schema: { mode: "zod", source }, options: { timeout: 5000 } }),
      { model: "openai/gpt-4.1-mini", baseURL: "http://127.0.0.1:9/v1" },
    );
    expect(code).toContain('import { Client } from "@loupe/core";\nimport { z } from "zod";');
    expect(code).toContain('const schema = z.object({ title: z.string().describe("the `main` title") });');
    expect(code).toContain(`client.extract(${tsString(TRICKY)}, schema, {\n      timeout: 5000,\n    })`);
    expect(code).toContain('await page.goto("http://127.0.0.1:8/shop");');
    expect(code).toContain('modelName: process.env.LOUPE_MODEL ?? "openai/gpt-4.1-mini"');
    expect(code).toContain('const baseURL = process.env.LOUPE_MODEL_BASE_URL ?? "http://127.0.0.1:9/v1";');
    expect(code).toContain("await client.close();");
  });

  it("writes a JSON Schema as an object literal and uses the per-run model", () => {
    const code = extractSnippet(
      workspace({
        schema: { mode: "json", source: '{"type":"object","properties":{"a":{"type":"string"}}}' },
        options: { model: "ollama/llama3.2" },
      }),
      { model: "openai/x" },
    );
    expect(code).not.toContain('from "zod"');
    expect(code).toContain('const schema = {\n  "type": "object",');
    expect(code).toContain('process.env.LOUPE_MODEL ?? "ollama/llama3.2"');
    expect(code).toContain("const baseURL = process.env.LOUPE_MODEL_BASE_URL;");
  });

  it("reads the page text when there is no instruction", () => {
    const code = extractSnippet(workspace({ instruction: " ", options: { selector: "#main" } }), {
      model: "openai/x",
    });
    expect(code).toContain('client.extract({\n      selector: "#main",\n    })');
    expect(code).not.toContain("const schema");
  });
});

describe("actSnippet", () => {
  it("escapes the instruction and takes variables from the environment", () => {
    const code = actSnippet(workspace({ act: { instruction: TRICKY } }), { model: "openai/x" }, ["password"]);
    expect(code).toContain(`client.act(${tsString(TRICKY)}, { variables })`);
    expect(code).toContain('password: process.env["password"] ?? "",');
  });

  it("passes the act's timeout", () => {
    const act = { instruction: "click Save", timeout: 3000 };
    expect(actSnippet(workspace({ act }), { model: "openai/x" })).toContain(
      'client.act("click Save", { timeout: 3000 })',
    );
    expect(actSnippet(workspace({ act }), { model: "openai/x" }, ["pw"])).toContain(
      'client.act("click Save", { variables, timeout: 3000 })',
    );
  });
});

describe("the page a browser program opens", () => {
  it("goes to a real page's own address", () => {
    const code = extractSnippet(
      workspace({}),
      { model: "openai/x" },
      {
        kind: "url",
        url: "https://shop.example/books",
      },
    );
    expect(code).toContain('await page.goto("https://shop.example/books");');
    expect(code).not.toContain("startDemoServer");
  });

  it("serves the demo shop itself instead of pointing at the Studio's port", () => {
    const code = actSnippet(
      workspace({ act: { instruction: "click Add to basket" } }),
      { model: "openai/x" },
      [],
      {
        kind: "demo",
        path: "/newsletter.html",
      },
    );
    expect(code).toContain('import { startDemoServer } from "@loupe/core/demo";');
    expect(code).toContain("  const demo = await startDemoServer();");
    expect(code).toContain('    await page.goto(new URL("/newsletter.html", demo.url).href);');
    expect(code).toContain("    await demo.close();");
    expect(code).not.toMatch(/127\.0\.0\.1/);
  });
});

describe("fetch exports", () => {
  const ws = workspace({
    fetch: {
      url: "https://example.com/it's",
      format: "json",
      schema: '{"type":"object"}',
      proxies: false,
      allowRedirects: true,
      allowInsecureSsl: false,
      metadata: false,
    },
  });

  it("writes cloud.fetch with the request fields", () => {
    const code = fetchSnippet(ws);
    expect(code).toContain('import { cloud } from "@loupe/core";');
    expect(code).toContain('apiKey: process.env.LOUPE_API_KEY ?? "",');
    expect(code).toContain('url: "https://example.com/it\'s",');
    expect(code).toContain('format: "json",');
    expect(code).toContain("allowRedirects: true,");
  });

  it("writes curl against POST /v1/fetch with the bearer key, single quotes escaped", () => {
    const curl = fetchCurl(ws);
    expect(curl).toContain('curl -sS -X POST "$LOUPE_CLOUD_URL/v1/fetch"');
    expect(curl).toContain('-H "Authorization: Bearer $LOUPE_API_KEY"');
    expect(curl).toContain(
      `--data-raw '{"url":"https://example.com/it'\\''s","format":"json","schema":{"type":"object"}`,
    );
    expect(shellQuote("a'b")).toBe("'a'\\''b'");
  });
});
