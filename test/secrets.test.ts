/**
 * act's variables stay secret, LOCAL and CLOUD: a value typed into the page appears in no result, error,
 * log or later prompt — not in act's message, not in a later extract's prompt or answer (a link the page
 * built from it included), not in the Cloud's HTTP answers, request logs or result cache. The page
 * regroups a card number and echoes the email in its text and in a link's URL, as real pages do.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { Client, type ActResult, type LogLine } from "@loupe/core";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCloudHarness, type CloudHarness } from "./support/cloud-harness.js";
import { actReply, idOf, rejectionOf, startHarness, type Harness } from "./support/harness.js";
import type { ModelServer } from "./support/model-server.js";
import { html } from "./support/session-harness.js";

const VARIABLES = {
  email: "ada.lovelace@example.com",
  password: "correct horse battery",
  card: "4111111111111111",
};

/** Every form a value may take: as typed, percent-encoded (the profile link), regrouped by the page. */
const FORMS = [
  ...Object.values(VARIABLES),
  encodeURIComponent(VARIABLES.email),
  "4111 1111 1111 1111",
  // A part of a secret is a leak too.
  "ada.lovelace",
];

/** Fails naming the place and the form when `text` holds any form of a secret. */
function expectNoSecret(where: string, text: string): void {
  for (const form of FORMS) expect(text.includes(form), `${where} holds "${form}":\n${text}`).toBe(false);
}

/** An error as a caller would log it: message, stack and fields. */
function errorText(error: unknown): string {
  const e = error as Error;
  return `${e.message}\n${e.stack}\n${JSON.stringify(e)}`;
}

/** The JSON Schema of the profile link's URL (a URL field is answered with a link id). */
const PROFILE_SCHEMA = {
  type: "object",
  properties: { profile: { type: "string", format: "uri" } },
  required: ["profile"],
  additionalProperties: false,
};

const SIGN_IN_FIXTURE = join(import.meta.dirname, "fixtures", "act", "sign-in.html");

/**
 * Signs in with variables and reads the page again, on any client: the steps both modes share. Returns
 * everything the caller got back, for the scans.
 */
async function signInAndReadBack(client: Client, model: ModelServer): Promise<unknown[]> {
  const got: unknown[] = [];
  const text = (await client.extract()).pageText;
  const [email, password, card, since, signIn] = [
    "textbox: Email",
    "textbox: Password",
    "textbox: Card number",
    "textbox: Member since [value: 2019, readonly]",
    "button: Sign in",
  ].map((line) => idOf(text, line));
  model.enqueue(
    actReply(email!, "fill", ["%email%"]),
    actReply(password!, "fill", ["%password%"]),
    actReply(card!, "fill", ["%card%"]),
    actReply(signIn!, "click"),
  );
  const filled: ActResult[] = [];
  for (const instruction of [
    "fill in %email% as the email",
    "fill in the password",
    "fill in %card% as the card number",
    "sign in",
  ])
    filled.push(await client.act(instruction, { variables: VARIABLES }));
  got.push(...filled);
  // The message names the variable; a password field's value, and one the page regrouped, are not quoted.
  expect(filled[0]?.message).toBe(`Fill on textbox "Email" [${email}]: filled it; it now holds "%email%".`);
  expect(filled[1]?.message).toBe(
    `Fill on textbox "Password" [${password}]: filled it; it now holds 21 characters (a password field: not shown).`,
  );
  expect(filled[2]?.message).toBe(
    `Fill on textbox "Card number" [${card}]: filled it; it now holds 19 characters, not what was typed (the page may limit or reformat the field; not shown, since a variable was typed).`,
  );
  expect(filled.map((result) => result.action?.arguments)).toEqual([
    ["%email%"],
    ["%password%"],
    ["%card%"],
    [],
  ]);

  // Later calls read a page that shows the values (in its fields, its text and a link's URL): masked.
  const { pageText } = await client.extract();
  got.push(pageText);
  expect(pageText).toContain("textbox: Email [value: %email%]");
  expect(pageText).toContain("textbox: Card number [value: %card%]");
  expect(pageText).toContain("Signed in as %email%.");

  model.enqueue({ text: "Signed in as %email%." });
  got.push(await client.extract("who is signed in?"));
  model.enqueue((request) => ({
    json: { profile: idOf(request.messages().at(-1)?.text ?? "", "link: Your profile") },
  }));
  const profile = (await client.extract("the profile link", PROFILE_SCHEMA)) as { profile: string };
  got.push(profile);
  // The link's URL holds the email, percent-encoded: the answer has the placeholder in its place.
  expect(profile.profile).toMatch(/\/act\/profile\?user=%25email%25$/);

  // A failure whose reason quotes an argument a variable filled, and one that names the filled field.
  model.enqueue(
    actReply(since!, "fill", ["%email%"]),
    actReply(since!, "fill", ["%email%"]),
    actReply(idOf(text, "RootWebArea: Act sign-in"), "scroll", ["%email%"]),
    actReply(idOf(text, "RootWebArea: Act sign-in"), "scroll", ["%email%"]),
  );
  const readOnly = await rejectionOf(client.act("put %email% in the member field", { variables: VARIABLES }));
  expect((readOnly as Error).message).toContain(`input#since "Member since" is read-only`);
  const scroll = await rejectionOf(client.act("scroll by %email%", { variables: VARIABLES }));
  expect((scroll as Error).message).toContain(`"%email%" is not a scroll fraction`);
  got.push(errorText(readOnly), errorText(scroll));

  // Pixels cannot be masked: a screenshot of a page that shows a value is refused, saying why.
  const refused = await rejectionOf(client.extract("who is signed in?", { screenshot: true }));
  expect((refused as Error).message).toMatch(
    /The page shows the value of %email%.*Extract without `screenshot`/,
  );
  got.push(errorText(refused), client.metrics);

  expect(model.requests.length).toBeGreaterThanOrEqual(10);
  model.requests.forEach((request, i) => expectNoSecret(`model request ${i}`, JSON.stringify(request.body)));
  return got;
}

describe("LOCAL", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it("no value reaches a result, an error, a log line or any prompt, later extracts' included", async () => {
    await h.goto("/act/sign-in.html");
    const got = await signInAndReadBack(h.client, h.model);

    // The page really holds what was typed.
    expect(await h.page.locator("#email").inputValue()).toBe(VARIABLES.email);
    expect(await h.page.locator("#card").inputValue()).toBe("4111 1111 1111 1111");

    got.forEach((value, i) =>
      expectNoSecret(`result ${i}`, typeof value === "string" ? value : JSON.stringify(value)),
    );
    expect(h.logs.length).toBeGreaterThan(0);
    expectNoSecret("the client's log", JSON.stringify(h.logs));
  });
});

describe("CLOUD", () => {
  let h: CloudHarness;
  const serverLog: string[] = [];
  beforeAll(async () => {
    const page = await readFile(SIGN_IN_FIXTURE, "utf8");
    h = await startCloudHarness({
      model: true,
      routes: { "/act/sign-in.html": html(page) },
      server: { log: { write: (line: string) => void serverLog.push(line) } },
    });
  });
  afterAll(() => h?.close());

  it("no value reaches an HTTP answer, the server's log, a later extract's prompt or the cache", async () => {
    const logs: LogLine[] = [];
    const client = new Client({
      env: "CLOUD",
      apiKey: h.apiKey,
      cloudURL: h.server.url,
      disablePino: true,
      logger: (line) => logs.push(line),
    });
    await client.init();
    try {
      const page = client.context.pages()[0]!;
      await page.goto(h.target.url("/act/sign-in.html"), { waitUntil: "load" });
      const got = await signInAndReadBack(client, h.model!);

      // The session's redactor outlives one call: the same extract again is served from the cache, and
      // the cached answer is the masked one.
      h.model!.enqueue({ text: "unused" });
      const again = await client.extract("who is signed in?");
      expect(again).toEqual({ extraction: "Signed in as %email%.", cacheStatus: "HIT" });
      h.model!.reset();

      // The HTTP answer of act itself, as any client of the API reads it.
      const sessionId = logs.find((line) => line.message === "browser started")?.details?.["sessionId"];
      const text = (await client.extract()).pageText;
      h.model!.enqueue(actReply(idOf(text, "textbox: Email [value: %email%]"), "fill", ["%email%"]));
      const answer = await h.api("POST", `/v1/sessions/${String(sessionId)}/act`, {
        body: { instruction: "fill in %email%", options: { variables: VARIABLES } },
      });
      expect(answer.status).toBe(200);
      expect(answer.json?.["result"]).toMatchObject({ message: expect.stringContaining('"%email%"') });
      got.push(answer.text);

      got.forEach((value, i) =>
        expectNoSecret(`result ${i}`, typeof value === "string" ? value : JSON.stringify(value)),
      );
      expectNoSecret("the client's log", JSON.stringify(logs));
    } finally {
      await client.close();
    }
    expect(serverLog.length).toBeGreaterThan(10);
    expectNoSecret("the server's log", serverLog.join(""));
    // Everything the server keeps on disk (sessions, usage, the extract cache) holds no value either.
    for (const name of await readdir(h.dataDir, { recursive: true })) {
      const path = join(h.dataDir, name);
      const content = await readFile(path).catch(() => undefined);
      if (content) expectNoSecret(`the data file ${name}`, content.toString("latin1"));
    }
    // On Postgres (LOUPE_TEST_DATABASE=postgres) the same rows are in the database: every table, every row.
    if (h.databaseUrl) {
      const rows = await databaseRows(h.databaseUrl);
      expect(rows.some((row) => row.includes("ses_"))).toBe(true);
      expectNoSecret("the database", rows.join("\n"));
    }
  });
});

/** Every row of every table of the database, as JSON text. */
async function databaseRows(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public'",
    );
    const rows: string[] = [];
    for (const { name } of tables.rows) {
      const result = await client.query<{ row: string }>(
        `select row_to_json(t)::text as row from ${client.escapeIdentifier(name)} t`,
      );
      rows.push(...result.rows.map((row) => row.row));
    }
    return rows;
  } finally {
    await client.end();
  }
}
