import { stepSummary, type FlowStep } from "../flow/flow-step.js";
import { schemaOf } from "../history/rerun.js";
import {
  clientBlock,
  curlLines,
  RUN_MAIN,
  schemaExpression,
  tsObject,
  tsString,
  variablesBlock,
  type SnippetModel,
} from "./code-snippets.js";
import { pageTarget } from "./page-target.js";

/**
 * The whole flow as one `@loupe/core` program: the steps in order on one page, each result printed as
 * JSON at the end, and a failure naming its step. Navigations to the Studio's demo shop go to a demo
 * shop the program serves itself, so nothing points at the Studio's port; act's variables come from
 * the environment; fetch steps call Loupe Cloud (`cloud.fetch`, LOUPE_CLOUD_URL and LOUPE_API_KEY).
 */
export function flowSnippet(steps: FlowStep[], model: SnippetModel, demoUrl: string | undefined): string {
  const demo = steps.some(
    (step) => step.kind === "navigate" && pageTarget(step.params.url, demoUrl).kind === "demo",
  );
  const browser = steps.some((step) => step.kind !== "fetch");
  const fetches = steps.some((step) => step.kind === "fetch");
  const zod = steps.some((step) => step.kind === "extract" && step.params.schema?.kind === "zod");
  const schemas = steps.flatMap((step, index) => {
    if (step.kind !== "extract" || !step.params.instruction) return [];
    const schema = schemaExpression(schemaOf(step.params.schema));
    return schema ? [`const schema${index + 1} = ${schema};`, ""] : [];
  });
  const variableNames = [
    ...new Set(steps.flatMap((step) => (step.kind === "act" ? (step.params.variableNames ?? []) : []))),
  ];
  const imports = [
    `import { ${[...(browser ? ["Client"] : []), ...(fetches ? ["cloud"] : [])].join(", ")} } from "@loupe/core";`,
    ...(demo ? ['import { startDemoServer } from "@loupe/core/demo";'] : []),
    ...(zod ? ['import { z } from "zod";'] : []),
  ];
  const body = steps.flatMap((step, index) => [
    `    // Step ${index + 1}: ${stepComment(step, demoUrl)}`,
    ...stepLines(step, index + 1, demoUrl).map((line) => `    ${line}`),
  ]);
  return [
    ...imports,
    "",
    ...schemas,
    ...variablesBlock(variableNames),
    ...(browser ? [clientBlock(model), ""] : []),
    ...(fetches
      ? [
          "// Fetch steps go to LOUPE_CLOUD_URL (default http://127.0.0.1:4455) with the key in LOUPE_API_KEY.",
          "",
        ]
      : []),
    "/** Runs one step; a failure says which step it was. */",
    "async function step<T>(name: string, run: () => Promise<T>): Promise<T> {",
    "  try {",
    "    return await run();",
    "  } catch (error) {",
    "    throw new Error(`${name} failed`, { cause: error });",
    "  }",
    "}",
    "",
    "async function main() {",
    "  const results: { step: number; kind: string; result: unknown }[] = [];",
    ...(demo
      ? [
          "  // The demo shop that ships with Loupe, served by this program on a free port while it runs.",
          "  const demo = await startDemoServer();",
        ]
      : []),
    ...(browser ? ["  await client.init();"] : []),
    "  try {",
    ...(browser ? ["    const page = client.context.pages()[0] ?? (await client.context.newPage());"] : []),
    ...body,
    "  } finally {",
    ...(browser ? ["    await client.close();"] : []),
    ...(demo ? ["    await demo.close();"] : []),
    "  }",
    "  console.log(JSON.stringify(results, null, 2));",
    "}",
    "",
    ...RUN_MAIN,
  ].join("\n");
}

/** The flow's fetch steps as curl commands, one per step (empty when it has none). */
export function flowCurl(steps: FlowStep[]): string {
  return steps
    .flatMap((step, index) =>
      step.kind === "fetch" ? [`# Step ${index + 1}: ${stepSummary(step)}\n${curlLines(step.params)}\n`] : [],
    )
    .join("\n");
}

/** A step in a few words for its comment: a demo shop page by its path (the Studio's port is gone). */
function stepComment(step: FlowStep, demoUrl: string | undefined): string {
  const target = step.kind === "navigate" ? pageTarget(step.params.url, demoUrl) : undefined;
  const words = target?.kind === "demo" ? `navigate to ${target.path} on the demo shop` : stepSummary(step);
  return words.replace(/\s+/g, " ");
}

/** One step's statements inside `main()`. */
function stepLines(step: FlowStep, number: number, demoUrl: string | undefined): string[] {
  const name = tsString(`Step ${number} (${step.kind})`);
  const keep = (call: string) => [
    `results.push({ step: ${number}, kind: ${tsString(step.kind)}, result: await step(${name}, () => ${call}) });`,
  ];
  switch (step.kind) {
    case "navigate": {
      const target = pageTarget(step.params.url, demoUrl);
      const href =
        target.kind === "demo" ? `new URL(${tsString(target.path)}, demo.url).href` : tsString(target.url);
      return [`await step(${name}, () => page.goto(${href}));`];
    }
    case "wait":
      return [`await page.waitForTimeout(${step.params.ms});`];
    case "extract": {
      const { model: ranWith, ...options } = step.params.options ?? {};
      const instruction = step.params.instruction;
      const schema =
        instruction && schemaExpression(schemaOf(step.params.schema)) ? `schema${number}` : undefined;
      const opts = Object.keys(options).length ? tsObject(options, "    ") : undefined;
      const args = [
        ...(instruction ? [tsString(instruction), ...(schema ? [schema] : [])] : []),
        ...(opts ? [opts] : []),
      ];
      return [
        ...(ranWith ? [`// The Studio ran this step with ${ranWith}; here it uses the client's model.`] : []),
        ...keep(`client.extract(${args.join(", ")})`),
      ];
    }
    case "act": {
      const options = [
        ...(step.params.variableNames?.length ? ["variables"] : []),
        ...(step.params.options?.timeout !== undefined ? [`timeout: ${step.params.options.timeout}`] : []),
      ];
      const call = `client.act(${tsString(step.params.instruction)}${options.length ? `, { ${options.join(", ")} }` : ""})`;
      // An action that did not happen is a failure of the flow, as it is in the Studio.
      return keep(
        `${call}.then((acted) => {\n      if (!acted.success) throw new Error(acted.message);\n      return acted;\n    })`,
      );
    }
    case "fetch":
      return keep(
        `cloud.fetch({ apiKey: process.env.LOUPE_API_KEY ?? "", ...${JSON.stringify(step.params)} })`,
      );
  }
}
