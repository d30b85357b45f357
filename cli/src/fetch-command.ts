import { parseArgs } from "node:util";
import { ClientError, cloud, type FetchFormat } from "@loupe/core";
import { loadSchemaFile } from "./schema-file.js";

export const FETCH_USAGE = `Usage: loupe fetch <url> [options]

Fetches a URL over plain HTTP through Loupe Cloud (no browser, no JavaScript) and prints the result as JSON.
With LOUPE_CLOUD_URL set it uses that service and LOUPE_API_KEY; otherwise the fetch runs in this process
with the same checks and limits (no server, no key; private network allowed).

Options:
  --format F            raw (default), markdown or json
  --schema FILE         the JSON Schema for --format json (.json, or a .js/.mjs module exporting one)
  --allow-redirects     follow redirects (otherwise a redirect is reported as its 3xx)
  --insecure            skip TLS certificate verification
  --proxies             route through the service's proxies
  --metadata            with markdown or json: also what the page's structured data and meta tags
                        state (title, author, ISO date, price), as "metadata" and as front matter
                        before the markdown
  --content             print only the content (markdown as text, json as JSON), not the whole result
`;

/** Runs `loupe fetch`; resolves with the process exit code. */
export async function runFetchCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      format: { type: "string" },
      schema: { type: "string" },
      "allow-redirects": { type: "boolean" },
      insecure: { type: "boolean" },
      proxies: { type: "boolean" },
      metadata: { type: "boolean" },
      content: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    process.stdout.write(FETCH_USAGE);
    return 0;
  }
  const [url] = positionals;
  if (!url) throw new ClientError(`loupe fetch needs a URL.\n\n${FETCH_USAGE}`);
  const schema = values.schema
    ? ((await loadSchemaFile(values.schema)) as Record<string, unknown>)
    : undefined;
  const request = {
    url,
    ...(values.format ? { format: values.format as FetchFormat } : schema ? { format: "json" as const } : {}),
    ...(schema ? { schema } : {}),
    ...(values["allow-redirects"] ? { allowRedirects: true } : {}),
    ...(values.insecure ? { allowInsecureSsl: true } : {}),
    ...(values.proxies ? { proxies: true } : {}),
    ...(values.metadata ? { metadata: true } : {}),
  };

  let result;
  if (process.env["LOUPE_CLOUD_URL"]) {
    const apiKey = process.env["LOUPE_API_KEY"];
    if (!apiKey)
      throw new ClientError("LOUPE_CLOUD_URL is set but LOUPE_API_KEY is not: set the key for that service.");
    result = await cloud.fetch({ ...request, apiKey });
  } else {
    // Loaded only here, and without the server: the pipeline runs in this process, no port, no database.
    const { fetchInProcess } = await import("@loupe/cloud/local-fetch");
    result = await fetchInProcess(request);
  }
  if (request.format === "markdown" && typeof result.content === "string" && !result.content.trim())
    // stderr, so the output stays what was fetched (nothing) for a script that reads it.
    process.stderr.write(
      "loupe fetch: the page has no readable content (an empty body, or a page built by JavaScript, which " +
        "a fetch does not run). Read it in a browser with `loupe extract <url>`, or see what the server " +
        "sent with --format raw.\n",
    );
  if (values.content) {
    process.stdout.write(
      typeof result.content === "string" ? result.content : `${JSON.stringify(result.content, null, 2)}\n`,
    );
  } else {
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  }
  return 0;
}
