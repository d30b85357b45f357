/**
 * A Vercel function that opens a page in a Loupe Cloud browser session, performs one action, reads the
 * page, and answers with what it found.
 *
 *   POST /api/run  { "url"?, "action"?, "instruction"? }   → 200 { ok: true, data } | 500 { ok: false, error }
 *   GET  /api/run  (the cron job)                          → the same, with the defaults below
 *
 * Every field of the POST body is optional; the defaults are:
 *   url:         TARGET_URL, else https://example.com/   (IANA's reserved example page: stable, small)
 *   action:      "accept the cookie banner if there is one"   (a page without one answers success: false,
 *                which is not an error — the page is read anyway)
 *   instruction: "the page's main heading and a one-sentence summary of its text"
 *
 * Environment (project environment variables on Vercel): LOUPE_API_KEY (required), LOUPE_CLOUD_URL (where
 * Loupe Cloud runs), CRON_SECRET (when set, GET must carry `Authorization: Bearer <CRON_SECRET>`, which
 * Vercel's cron sends by itself), TARGET_URL (the page the cron job watches; optional).
 */
import { timingSafeEqual } from "node:crypto";
import { Client, type ActResult } from "@loupe/core";
import type { VercelRequest, VercelResponse } from "@vercel/node";

/** What the function does when the request does not say (the URL: TARGET_URL when set). */
export const DEFAULTS = {
  url: "https://example.com/",
  action: "accept the cookie banner if there is one",
  instruction: "the page's main heading and a one-sentence summary of its text",
} as const;

/** The defaults, with the deployment's TARGET_URL (read per request, as Vercel may change it). */
export function defaultRequest(env: NodeJS.ProcessEnv = process.env): RunRequest {
  return { ...DEFAULTS, url: env["TARGET_URL"]?.trim() || DEFAULTS.url };
}

/** A run's parameters, after defaults. */
export interface RunRequest {
  url: string;
  action: string;
  instruction: string;
}

/** What a successful run answers with, as `data`. */
export interface RunData {
  url: string;
  /** What `act()` did (or, with `success: false`, why it did nothing). */
  action: ActResult;
  /** `extract()`'s free-text answer to the instruction. */
  extraction: string;
}

// The function's whole budget is 60 s (vercel.json's maxDuration); each step gets a share, so a slow page
// fails with a message naming the step instead of the platform cutting the function off mid-way.
const GOTO_TIMEOUT_MS = 20_000;
const ACT_TIMEOUT_MS = 15_000;
const EXTRACT_TIMEOUT_MS = 15_000;

/** The function Vercel calls: POST runs the body's request, GET runs the defaults (the cron job). */
export default async function handler(req: VercelRequest, res: VercelResponse): Promise<void> {
  let request: RunRequest;
  if (req.method === "POST") {
    const parsed = readPostBody(req);
    if ("error" in parsed) {
      res.status(400).json({ ok: false, error: parsed.error });
      return;
    }
    request = parsed;
  } else if (req.method === "GET") {
    if (!cronAuthorized(req.headers.authorization, process.env["CRON_SECRET"])) {
      res.status(401).json({ ok: false, error: "Unauthorized: send Authorization: Bearer <CRON_SECRET>." });
      return;
    }
    request = defaultRequest();
  } else {
    res.setHeader("allow", "GET, POST");
    res.status(405).json({ ok: false, error: `Method ${req.method ?? "?"} not allowed: use POST (or GET).` });
    return;
  }

  // Answered only after the client is closed, so the session is over by the time the caller hears back.
  let answer: { status: number; body: unknown };
  try {
    answer = { status: 200, body: { ok: true, data: await run(request) } };
  } catch (error) {
    answer = {
      status: 500,
      body: { ok: false, error: error instanceof Error ? error.message : String(error) },
    };
  }
  res.status(answer.status).json(answer.body);
}

/** Opens the page on a hosted session, runs the action, reads the page, and always ends the session. */
export async function run(request: RunRequest): Promise<RunData> {
  const client = new Client({ env: "CLOUD", apiKey: process.env["LOUPE_API_KEY"], disablePino: true });
  try {
    await client.init();
    const page = client.context.pages()[0] ?? (await client.context.newPage());
    await page.goto(request.url, { waitUntil: "domcontentloaded", timeout: GOTO_TIMEOUT_MS });
    const action = await client.act(request.action, { timeout: ACT_TIMEOUT_MS });
    const { extraction } = await client.extract(request.instruction, { timeout: EXTRACT_TIMEOUT_MS });
    return { url: page.url(), action, extraction };
  } finally {
    // A failure to end the session must not hide the run's own result or error; the session then ends
    // at the service's idle timeout.
    await client.close().catch((error: unknown) => console.error("could not end the Loupe session:", error));
  }
}

/**
 * The POST body with defaults filled in, or what is wrong with it. Vercel parses JSON bodies into
 * `req.body` and throws (status 400) on reading a body that is not JSON.
 */
export function readPostBody(req: VercelRequest): RunRequest | { error: string } {
  let body: unknown;
  try {
    body = req.body;
  } catch {
    return { error: "The body is not valid JSON." };
  }
  if (body === undefined || body === null || body === "") body = {};
  if (typeof body !== "object" || Array.isArray(body))
    return { error: 'The body must be a JSON object: { "url"?, "action"?, "instruction"? }.' };
  const fields = body as Record<string, unknown>;
  const out = defaultRequest();
  for (const key of ["url", "action", "instruction"] as const) {
    const value = fields[key];
    if (value === undefined) continue;
    if (typeof value !== "string" || !value.trim()) return { error: `"${key}" must be a non-empty string.` };
    out[key] = value.trim();
  }
  if (!/^https?:\/\//i.test(out.url)) return { error: `"url" must be an http(s) URL, not "${out.url}".` };
  return out;
}

/** With CRON_SECRET set, only a request carrying it as a bearer token (Vercel's cron does) may run. */
export function cronAuthorized(authorization: string | undefined, secret: string | undefined): boolean {
  if (!secret) return true;
  const expected = Buffer.from(`Bearer ${secret}`);
  const given = Buffer.from(authorization ?? "");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
