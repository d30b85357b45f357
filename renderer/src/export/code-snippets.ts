import type { Workspace } from "../state/workspace.js";
import type { PageTarget } from "./page-target.js";

/** The model an exported snippet defaults to: the Studio's current settings. */
export interface SnippetModel {
  model: string;
  baseURL?: string;
}

/** How every snippet ends: run `main()` and turn a failure into a non-zero exit code. */
export const RUN_MAIN = [
  "main().catch((error: unknown) => {",
  "  console.error(error);",
  "  process.exitCode = 1;",
  "});",
  "",
];

/**
 * A string as a TypeScript literal. JSON's escaping is a subset of JavaScript's, and a double-quoted
 * literal gives backticks and `${` no meaning, so any instruction (quotes, newlines) survives as typed.
 */
export function tsString(value: string): string {
  return JSON.stringify(value);
}

/** A plain object as a TypeScript object literal (identifier keys bare, values as JSON). */
export function tsObject(value: Record<string, unknown>, indent = ""): string {
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return "{}";
  const inner = entries.map(([key, v]) => {
    const name = /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
    return `${indent}  ${name}: ${JSON.stringify(v, null, 2).replace(/\n/g, `\n${indent}  `)},`;
  });
  return `{\n${inner.join("\n")}\n${indent}}`;
}

/** The client setup every browser snippet shares; the model is overridable from the environment. */
export function clientBlock({ model, baseURL }: SnippetModel): string {
  const base = baseURL
    ? `process.env.LOUPE_MODEL_BASE_URL ?? ${tsString(baseURL)}`
    : "process.env.LOUPE_MODEL_BASE_URL";
  return [
    '// The model: LOUPE_MODEL ("provider/model") and LOUPE_MODEL_BASE_URL (an OpenAI-compatible server',
    "// such as Ollama or LM Studio) override the Studio's settings below. The key is read from the",
    "// provider's usual variable (OPENAI_API_KEY, ANTHROPIC_API_KEY, …) or LOUPE_MODEL_API_KEY.",
    `const baseURL = ${base};`,
    "const client = new Client({",
    "  model: {",
    `    modelName: process.env.LOUPE_MODEL ?? ${tsString(model)},`,
    "    ...(process.env.LOUPE_MODEL_API_KEY ? { apiKey: process.env.LOUPE_MODEL_API_KEY } : {}),",
    "    ...(baseURL ? { baseURL } : {}),",
    "  },",
    "});",
  ].join("\n");
}

/**
 * Wraps the page work in init/goto/close, printing the result as JSON on stdout. A demo shop page is
 * opened on a demo shop the program serves itself, so nothing points at the Studio's port.
 */
function browserProgram(
  target: PageTarget,
  imports: string[],
  preamble: string[],
  call: string,
  m: SnippetModel,
) {
  const demo = target.kind === "demo";
  return [
    ...imports,
    ...(demo ? ['import { startDemoServer } from "@loupe/core/demo";'] : []),
    "",
    ...preamble,
    clientBlock(m),
    "",
    "async function main() {",
    ...(demo
      ? ["  // The demo shop that ships with Loupe, served by this program on a free port while it runs."]
      : []),
    ...(demo ? ["  const demo = await startDemoServer();"] : []),
    "  await client.init();",
    "  try {",
    "    const page = client.context.pages()[0] ?? (await client.context.newPage());",
    demo
      ? `    await page.goto(new URL(${tsString(target.path)}, demo.url).href);`
      : `    await page.goto(${tsString(target.url)});`,
    `    const result = await ${call};`,
    "    console.log(JSON.stringify(result, null, 2));",
    "  } finally {",
    "    await client.close();",
    ...(demo ? ["    await demo.close();"] : []),
    "  }",
    "}",
    "",
    ...RUN_MAIN,
  ].join("\n");
}

/** The schema's source as one TypeScript expression: zod as typed, JSON Schema as its literal. */
export function schemaExpression(schema: Workspace["schema"]): string | undefined {
  const source = schema.source.trim().replace(/;\s*$/, "");
  if (!source) return undefined;
  if (schema.mode === "zod") return source;
  try {
    return JSON.stringify(JSON.parse(source), null, 2);
  } catch {
    return source; // not valid JSON: kept as typed, so the person sees their own mistake in the editor
  }
}

/**
 * The workspace's extract as a runnable `@loupe/core` program: the zod schema exactly as typed in the
 * editor (zod mode) or the JSON Schema object, the instruction, and the options other than `model`.
 */
export function extractSnippet(
  workspace: Workspace,
  model: SnippetModel,
  target: PageTarget = { kind: "url", url: workspace.url },
): string {
  const { model: modelOverride, ...options } = workspace.options;
  const schema = schemaExpression(workspace.schema);
  const instruction = workspace.instruction.trim() ? tsString(workspace.instruction) : undefined;
  const opts = Object.keys(options).length ? tsObject(options, "    ") : undefined;
  const args = instruction
    ? [instruction, ...(schema ? ["schema"] : []), ...(opts ? [opts] : [])]
    : opts
      ? [opts]
      : [];
  const imports = ['import { Client } from "@loupe/core";'];
  if (schema && workspace.schema.mode === "zod") imports.push('import { z } from "zod";');
  const preamble = schema && instruction ? [`const schema = ${schema};`, ""] : [];
  const m = { ...model, ...(modelOverride ? { model: modelOverride } : {}) };
  return browserProgram(target, imports, preamble, `client.extract(${args.join(", ")})`, m);
}

/** The workspace's act as a runnable program; variables' values come from the environment. */
export function actSnippet(
  workspace: Workspace,
  model: SnippetModel,
  variableNames: string[] = [],
  target: PageTarget = { kind: "url", url: workspace.url },
): string {
  const variables = variableNames.filter(Boolean);
  const preamble = variablesBlock(variables);
  const { timeout } = workspace.act;
  const options = [
    ...(variables.length ? ["variables"] : []),
    ...(timeout !== undefined ? [`timeout: ${timeout}`] : []),
  ];
  const call = `client.act(${tsString(workspace.act.instruction)}${options.length ? `, { ${options.join(", ")} }` : ""})`;
  return browserProgram(target, ['import { Client } from "@loupe/core";'], preamble, call, model);
}

/** act's `variables`, each read from the environment variable of its name (none: no lines). */
export function variablesBlock(names: string[]): string[] {
  return names.length
    ? [
        "// Values for the %name% placeholders: kept out of the code and never sent to the model.",
        `const variables = ${tsObject(
          Object.fromEntries(names.map((name) => [name, `__ENV__${name}`])),
        ).replace(/"__ENV__([^"]*)"/g, (_, name: string) => `process.env[${tsString(name)}] ?? ""`)};`,
        "",
      ]
    : [];
}

/** The fetch request body (without the key), as the workspace sets it. */
export function fetchBody(workspace: Workspace): Record<string, unknown> {
  const { url, format, schema, proxies, allowRedirects, allowInsecureSsl, metadata } = workspace.fetch;
  let parsedSchema: unknown;
  if (format === "json" && schema.trim()) {
    try {
      parsedSchema = JSON.parse(schema);
    } catch {
      parsedSchema = undefined;
    }
  }
  return {
    url,
    format,
    ...(parsedSchema !== undefined ? { schema: parsedSchema } : {}),
    proxies,
    allowRedirects,
    allowInsecureSsl,
    // Raw content has no metadata (the service refuses the pair); off is the default, left unsaid.
    ...(metadata && format !== "raw" ? { metadata: true } : {}),
  };
}

/** The workspace's fetch as a `cloud.fetch` program against LOUPE_CLOUD_URL with LOUPE_API_KEY. */
export function fetchSnippet(workspace: Workspace): string {
  return [
    'import { cloud } from "@loupe/core";',
    "",
    "// Sent to LOUPE_CLOUD_URL (default http://127.0.0.1:4455) with the project key in LOUPE_API_KEY.",
    "async function main() {",
    "  const result = await cloud.fetch({",
    '    apiKey: process.env.LOUPE_API_KEY ?? "",',
    tsObject(fetchBody(workspace), "  ").slice(2, -4).replace(/^ {4}/gm, "    "),
    "  });",
    "  console.log(JSON.stringify(result, null, 2));",
    "}",
    "",
    ...RUN_MAIN,
  ].join("\n");
}

/** A word as one POSIX shell single-quoted argument (a quote inside becomes `'\''`). */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, "'\\''")}'`;
}

/** The workspace's fetch as curl against the HTTP API (SURFACE §3.2). */
export function fetchCurl(workspace: Workspace): string {
  return `${curlLines(fetchBody(workspace))}\n`;
}

/** One fetch request body as a curl command against the HTTP API (SURFACE §3.2). */
export function curlLines(body: unknown): string {
  return [
    'curl -sS -X POST "$LOUPE_CLOUD_URL/v1/fetch" \\',
    '  -H "Authorization: Bearer $LOUPE_API_KEY" \\',
    '  -H "Content-Type: application/json" \\',
    `  --data-raw ${shellQuote(JSON.stringify(body))}`,
  ].join("\n");
}
