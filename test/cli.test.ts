import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogHtml } from "./support/catalog-site.js";
import { startModelServer, type ModelServer } from "./support/model-server.js";

const run = promisify(execFile);
const CLI = fileURLToPath(new URL("../cli/src/main.ts", import.meta.url));

/** Runs the CLI from its sources, and the packages it loads from theirs (so the test never reads a stale build). */
function loupe(args: string[], env: NodeJS.ProcessEnv = {}) {
  return run(process.execPath, ["--conditions=@loupe/source", "--import", "tsx", CLI, ...args], {
    env: { ...process.env, ...env },
    timeout: 60_000,
  });
}

describe("loupe extract (command line)", () => {
  let model: ModelServer;
  beforeAll(async () => {
    model = await startModelServer();
  });
  afterAll(async () => {
    await model.close();
  });

  it("prints the demo shop's page text as JSON without any model", async () => {
    const { stdout, stderr } = await loupe(["extract", "--demo"], { OPENAI_API_KEY: "" });
    const result = JSON.parse(stdout) as { pageText: string };
    expect(result.pageText).toContain("link: The Lighthouse Keeper");
    expect(result.pageText).toContain("A Map of Quiet Places"); // inside a closed shadow root
    expect(result.pageText).toContain("One email a month"); // inside the newsletter frame
    expect(stderr).toContain("loupe: opening http://127.0.0.1:");
  });

  it("extracts schema-shaped data with --schema and --model, URLs from link ids", async () => {
    const dir = await mkdtemp(join(tmpdir(), "loupe-cli-"));
    const schemaFile = join(dir, "books.json");
    await writeFile(
      schemaFile,
      JSON.stringify({
        type: "array",
        items: {
          type: "object",
          properties: { title: { type: "string" }, link: { type: "string", format: "uri" } },
          required: ["title", "link"],
        },
      }),
    );
    // Ids belong to the browser that took the snapshot, so the scripted model reads it from the prompt it gets.
    model.enqueue((request) => {
      const linkId = /\[(\d+-\d+)\] link: Salt and Iron/.exec(request.text())?.[1];
      return { json: { value: [{ title: "Salt and Iron", link: linkId ?? "missing" }] } };
    });
    const { stdout } = await loupe(
      [
        "extract",
        "--demo",
        "every book",
        "--schema",
        schemaFile,
        "--model",
        "openai/gpt-4.1-mini",
        "--quiet",
      ],
      { OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: model.baseURL },
    );
    const books = JSON.parse(stdout) as { title: string; link: string }[];
    expect(books).toEqual([
      {
        title: "Salt and Iron",
        link: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/books\/salt-and-iron$/),
      },
    ]);
  });

  it("reports the parts of a page longer than the model's input budget on stderr", async () => {
    model.reset();
    model.enqueue(...Array.from({ length: 30 }, () => ({ text: "The cheapest product is the Desk Lamp." })));
    const page = join(await mkdtemp(join(tmpdir(), "loupe-cli-")), "catalog.html");
    await writeFile(page, catalogHtml(200, { compact: true }));
    const { stdout, stderr } = await loupe(
      [
        "extract",
        pathToFileURL(page).href,
        "what is the cheapest product?",
        "--model",
        "openai/gpt-4.1-mini",
        "--concurrency",
        "2",
      ],
      { OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: model.baseURL, LOUPE_MODEL_MAX_INPUT_TOKENS: "2000" },
    );
    expect(stderr).toMatch(/asking about it in \d+ parts/);
    const parts = Number(/asking about it in (\d+) parts/.exec(stderr)?.[1]);
    expect(parts).toBeGreaterThan(1);
    for (let k = 1; k <= parts; k++) expect(stderr).toContain(`loupe: part ${k} of ${parts} answered`);
    expect(stderr).toContain(`loupe: ${parts + 1} model call(s) over ${parts} parts`);
    expect(model.requests).toHaveLength(parts + 1);
    expect(JSON.parse(stdout)).toEqual({ extraction: "The cheapest product is the Desk Lamp." });
    model.reset();
  });

  it("says what to change for a missing URL, a bad URL and an unknown command", async () => {
    await expect(loupe(["extract"])).rejects.toMatchObject({
      stderr: expect.stringContaining("needs a URL (or --demo)"),
    });
    await expect(loupe(["extract", "example.com"])).rejects.toMatchObject({
      stderr: expect.stringContaining('"example.com" is not a URL'),
    });
    await expect(loupe(["frobnicate"])).rejects.toMatchObject({
      stderr: expect.stringContaining('unknown command "frobnicate"'),
    });
  });

  it("explains a missing model key instead of failing obscurely", async () => {
    await expect(
      loupe(["extract", "--demo", "what is the cheapest book?", "--model", "anthropic/claude-sonnet-4-5"], {
        ANTHROPIC_API_KEY: "",
      }),
    ).rejects.toMatchObject({ stderr: expect.stringContaining("ANTHROPIC_API_KEY") });
  });
});
