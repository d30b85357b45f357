/**
 * Hosted sessions over the real API: create one with raw HTTP, attach Playwright to its `connectUrl`
 * with the key in a header (as the SDK's CLOUD mode does), and wait for server-side state to change
 * without touching the session (a GET would count as activity and reset its idle timer).
 */
import { chromium, type Browser, type Page } from "playwright-core";
import { expect, vi } from "vitest";
import type { CloudHarness, TargetRoute } from "./cloud-harness.js";

/** `POST /v1/sessions`' answer. */
export interface CreatedSession {
  id: string;
  connectUrl: string;
  region: string;
  createdAt: string;
}

/** Creates a session (expecting 200) and returns its answer. */
export async function createSession(
  h: CloudHarness,
  body: unknown = {},
  apiKey = h.apiKey,
): Promise<CreatedSession> {
  const answer = await h.api("POST", "/v1/sessions", { body, apiKey });
  expect({ status: answer.status, body: answer.json }).toMatchObject({ status: 200 });
  return answer.json as unknown as CreatedSession;
}

/** Playwright attached to a session through the server's CDP proxy, and the browser's first page. */
export async function connectSession(
  session: CreatedSession,
  apiKey: string,
): Promise<{ browser: Browser; page: Page }> {
  const browser = await chromium.connectOverCDP(session.connectUrl, {
    headers: { authorization: `Bearer ${apiKey}` },
  });
  const page = browser.contexts()[0]?.pages()[0];
  if (!page) throw new Error("the session's browser has no page");
  return { browser, page };
}

/** A route answering this HTML. */
export function html(body: string | (() => string)): TargetRoute {
  return (_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(typeof body === "function" ? body() : body);
  };
}

/** Waits until the server no longer runs the session's browser (it ended for whatever reason). */
export async function waitUntilEnded(h: CloudHarness, id: string): Promise<void> {
  await vi.waitFor(() => expect(h.server.sessions.browserPid(id)).toBeUndefined(), {
    timeout: 20_000,
    interval: 50,
  });
}
