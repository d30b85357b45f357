import { describe, expect, it } from "vitest";
import type { FlowStep } from "../flow/flow-step.js";
import { flowCurl, flowSnippet } from "./flow-snippet.js";

const DEMO = "http://127.0.0.1:43123/";
const model = { model: "openai/gpt-4o-mini" };

const steps: FlowStep[] = [
  { id: "1", kind: "navigate", params: { url: `${DEMO}books?page=2` } },
  { id: "2", kind: "wait", params: { ms: 250 } },
  {
    id: "3",
    kind: "extract",
    params: {
      instruction: "the books",
      schema: { kind: "zod", source: "z.object({ titles: z.array(z.string()) })" },
      options: { model: "openai/other", timeout: 5000 },
    },
  },
  { id: "4", kind: "act", params: { instruction: "type %q% in search", variableNames: ["q"] } },
  {
    id: "5",
    kind: "fetch",
    params: { url: "https://shop.example/it's", format: "markdown", proxies: false },
  } as FlowStep,
];

describe("a flow as one program", () => {
  const code = flowSnippet(steps, model, DEMO);

  it("opens the demo shop on a server of its own, never the Studio's port", () => {
    expect(code).toContain('import { startDemoServer } from "@loupe/core/demo";');
    expect(code).toContain('page.goto(new URL("/books?page=2", demo.url).href)');
    expect(code).not.toContain("43123");
  });

  it("runs every step in order, each named, with its own params", () => {
    const order = [
      "// Step 1: navigate",
      "// Step 2: wait 250 ms",
      "// Step 3: extract",
      "// Step 4: act",
      "// Step 5: fetch",
    ];
    const at = order.map((marker) => code.indexOf(marker));
    expect(at.every((index) => index > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(code).toContain("await page.waitForTimeout(250);");
    expect(code).toContain("const schema3 = z.object({ titles: z.array(z.string()) });");
    expect(code).toContain('client.extract("the books", schema3, {');
    expect(code).toContain("timeout: 5000");
    expect(code).toContain("// The Studio ran this step with openai/other; here it uses the client's model.");
    expect(code).toContain('client.act("type %q% in search", { variables })');
    expect(code).toContain('q: process.env["q"] ?? ""');
    expect(code).toContain(
      'cloud.fetch({ apiKey: process.env.LOUPE_API_KEY ?? "", ...{"url":"https://shop.example/it\'s"',
    );
    expect(code).toContain('import { Client, cloud } from "@loupe/core";');
  });

  it("leaves out what a flow does not use", () => {
    const onlyFetch = flowSnippet([steps[4]!], model, DEMO);
    expect(onlyFetch).toContain('import { cloud } from "@loupe/core";');
    expect(onlyFetch).not.toContain("client.init");
    expect(onlyFetch).not.toContain("startDemoServer");
    expect(onlyFetch).not.toContain('from "zod"');
  });

  it("gives one curl command per fetch step, quoted for the shell", () => {
    const curl = flowCurl(steps);
    expect(curl.match(/^curl /gm)).toHaveLength(1);
    expect(curl).toContain("# Step 5: fetch https://shop.example/it's as markdown");
    expect(curl).toContain(`'{"url":"https://shop.example/it'\\''s"`);
    expect(flowCurl(steps.slice(0, 2))).toBe("");
  });
});
