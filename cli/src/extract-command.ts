import { parseArgs } from "node:util";
import { Client, ClientError, type ExtractOptions } from "@loupe/core";
import { startDemoServer, type DemoServer } from "@loupe/core/demo";
import { loadSchemaFile } from "./schema-file.js";

export const EXTRACT_USAGE = `Usage: loupe extract <url> [instruction] [options]
       loupe extract --demo [instruction] [options]

Reads a page in a local Chromium and prints the result as JSON:
  no instruction          the page's text, as the model would see it (no model needed)
  an instruction          a free-text answer
  --schema FILE           data shaped by a JSON Schema (.json) or a zod/JSON schema module (.js/.mjs)

Options:
  --demo                  read the demo shop that ships with Loupe (served on 127.0.0.1)
  --selector S            read only the element matching this CSS selector or XPath
  --ignore S              leave out elements matching S (repeatable)
  --model M               provider/model, e.g. openai/gpt-4.1-mini (default: LOUPE_MODEL)
  --timeout MS            give up after MS milliseconds (the whole extraction, every part of a long page)
  --concurrency N         for a page longer than the model's input budget: parts sent at once (default 4)
  --screenshot            also send a screenshot of the viewport to the model
  --quiet                 no progress lines on stderr
`;

/** Runs `loupe extract`; resolves with the process exit code. */
export async function runExtractCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      demo: { type: "boolean" },
      schema: { type: "string" },
      selector: { type: "string" },
      ignore: { type: "string", multiple: true },
      model: { type: "string" },
      timeout: { type: "string" },
      concurrency: { type: "string" },
      screenshot: { type: "boolean" },
      quiet: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    process.stdout.write(EXTRACT_USAGE);
    return 0;
  }
  const progress = (line: string) => {
    if (!values.quiet) process.stderr.write(`loupe: ${line}\n`);
  };
  const [first, ...rest] = positionals;
  const url = values.demo ? undefined : first;
  const instruction = (values.demo ? positionals : rest).join(" ").trim() || undefined;
  if (!values.demo && !url)
    throw new ClientError(`loupe extract needs a URL (or --demo).\n\n${EXTRACT_USAGE}`);
  if (url && !/^(https?|file):/i.test(url))
    throw new ClientError(`"${url}" is not a URL: give one starting with http://, https:// or file://.`);
  if (values.schema && !instruction)
    throw new ClientError("--schema needs an instruction that says what to extract.");

  const options: ExtractOptions = {};
  if (values.selector) options.selector = values.selector;
  if (values.ignore?.length) options.ignoreSelectors = values.ignore;
  if (values.model) options.model = values.model;
  if (values.screenshot) options.screenshot = true;
  if (values.timeout !== undefined) {
    const timeout = Number(values.timeout);
    if (!Number.isFinite(timeout) || timeout <= 0)
      throw new ClientError(`--timeout takes milliseconds, not "${values.timeout}".`);
    options.timeout = timeout;
  }
  if (values.concurrency !== undefined) {
    const concurrency = Number(values.concurrency);
    if (!Number.isInteger(concurrency) || concurrency < 1)
      throw new ClientError(`--concurrency takes a whole number of parts, not "${values.concurrency}".`);
    options.concurrency = concurrency;
  }
  options.onProgress = ({ parts, done }) =>
    progress(
      done === 0
        ? `the page is longer than the model's input budget: asking about it in ${parts} parts`
        : `part ${done} of ${parts} answered`,
    );
  const schema = values.schema ? await loadSchemaFile(values.schema) : undefined;

  let demo: DemoServer | undefined;
  const client = new Client({ disablePino: true, ...(values.model ? { model: values.model } : {}) });
  try {
    if (values.demo) {
      demo = await startDemoServer();
      progress(`serving the demo shop at ${demo.url}`);
    }
    const target = demo?.url ?? url ?? "";
    progress("starting Chromium");
    await client.init();
    const page = client.context.pages()[0] ?? (await client.context.newPage());
    progress(`opening ${target}`);
    await page.goto(target, { waitUntil: "load" });
    progress(instruction ? `reading the page and asking ${values.model ?? "the model"}` : "reading the page");
    const result = !instruction
      ? await client.extract(options)
      : schema === undefined
        ? await client.extract(instruction, options)
        : await client.extract(instruction, schema, options);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    const m = client.metrics.extract;
    const parts = client.metrics.lastExtract?.parts ?? 0;
    if (m.llmCalls)
      progress(
        `${m.llmCalls} model call(s)${parts > 1 ? ` over ${parts} parts` : ""}, ` +
          `${m.inputTokens} input + ${m.outputTokens} output tokens`,
      );
    return 0;
  } finally {
    await client.close().catch(() => {});
    await demo?.close();
  }
}
