import { connectBrowser, type BrowserSession } from "../browser/browser-session.js";
import { ClientError } from "../errors.js";
import type { z } from "zod";
import { CLOUD_ROUTES, type createSessionBodySchema } from "../protocol/index.js";
import { CloudApiError, callRoute, type CloudEndpoint } from "./cloud-http.js";
import type { SessionCreateParams } from "../client/client-options.js";

/** A hosted session as `POST /v1/sessions` describes it. */
export interface CloudSessionInfo {
  id: string;
  /** The CDP browser websocket, proxied by the service; it admits only the session's project's key. */
  connectUrl: string;
  region: string;
  createdAt: string;
}

/** A hosted session the client is connected to. */
export interface CloudBrowser {
  session: CloudSessionInfo;
  browser: BrowserSession;
}

/**
 * Checks that a session's `connectUrl` keeps the key as safe as `cloudURL` does: the key goes with the
 * websocket upgrade, so a service reached over `https://` must hand out a `wss://` connectUrl (a server
 * behind a TLS-terminating proxy that does not know its public address hands out `ws://`).
 * @throws ClientError naming both URLs and the server option that fixes it.
 */
export function checkConnectUrl(connectUrl: string, cloudURL: string): void {
  let protocol: string;
  try {
    protocol = new URL(connectUrl).protocol;
  } catch {
    throw new ClientError(
      `Loupe Cloud handed out a connectUrl that is not a URL: "${connectUrl.slice(0, 200)}".`,
    );
  }
  if (protocol !== "ws:" && protocol !== "wss:")
    throw new ClientError(
      `Loupe Cloud handed out a connectUrl with "${protocol}"; a session's browser is reached over ws:// or wss://.`,
    );
  if (protocol === "ws:" && new URL(cloudURL).protocol === "https:")
    throw new ClientError(
      `Loupe Cloud at ${cloudURL} is reached over https, but handed out the unencrypted connectUrl ` +
        `${connectUrl}; the API key would travel in clear, so it was not sent. A server behind a ` +
        `TLS-terminating proxy must be told its address: \`loupe cloud serve --public-url https://…\`.`,
    );
}

/** The body of `POST /v1/sessions`: only the fields the API knows, so a typo does not travel. */
export function sessionCreateBody(
  params: SessionCreateParams | undefined,
): z.input<typeof createSessionBodySchema> {
  const body: z.input<typeof createSessionBodySchema> = {};
  if (params?.region !== undefined) body["region"] = params.region;
  if (params?.browserSettings?.blockAds !== undefined)
    body["browserSettings"] = { blockAds: params.browserSettings.blockAds };
  return body;
}

/**
 * The session's `connectUrl` with the key as `apiKey` query parameter, for libraries that cannot send
 * headers when they connect (`puppeteer.connect({ browserWSEndpoint })`). It is a secret: whoever holds
 * it can drive the browser.
 */
export function connectUrlWithKey(connectUrl: string, apiKey: string): string {
  const url = new URL(connectUrl);
  url.searchParams.set("apiKey", apiKey);
  return url.toString();
}

/**
 * Creates a hosted session and connects Playwright and Loupe's CDP connection to it. Closing the returned
 * browser ends the session on the service (`DELETE`), whatever state the connection is in.
 * @throws ClientError when the key is refused, the service is unreachable, or the session's browser
 *   cannot be connected to (the session is then ended, so it does not linger until its idle timeout).
 */
export async function startCloudBrowser(
  endpoint: CloudEndpoint,
  params: SessionCreateParams | undefined,
  onDeath: (reason: string) => void,
): Promise<CloudBrowser> {
  const { id, connectUrl, region, createdAt } = await callRoute(
    endpoint,
    "creating a session",
    CLOUD_ROUTES.createSession,
    { body: sessionCreateBody(params) },
  );
  const session = { id, connectUrl, region, createdAt };
  const end = () => endCloudSession(endpoint, session.id);
  try {
    checkConnectUrl(session.connectUrl, endpoint.cloudURL);
  } catch (error) {
    await end().catch(() => {});
    throw error;
  }
  try {
    const browser = await connectBrowser(session.connectUrl, {
      // The service ends sessions on its own (idle timeout, a crashed browser, shutdown); it says which.
      onDeath: (reason) =>
        onDeath(`${reason}; GET /v1/sessions/${session.id} on Loupe Cloud says why the session ended`),
      end,
      headers: { authorization: `Bearer ${endpoint.apiKey}` },
    });
    return { session, browser };
  } catch (error) {
    await end().catch(() => {});
    throw new ClientError(
      `Could not connect to the browser of Loupe Cloud session ${session.id} at ${session.connectUrl} ` +
        `(${error instanceof Error ? error.message.split("\n")[0] : String(error)}). The session was ended; ` +
        `check that the server's address as seen from here matches the connectUrl it hands out.`,
      { cause: error },
    );
  }
}

/**
 * Ends a hosted session (`DELETE /v1/sessions/:id`). A session the service no longer knows (404) is
 * already ended, which is what was asked.
 * @throws ClientError when the service cannot be told: the session then runs until its idle timeout.
 */
export async function endCloudSession(endpoint: CloudEndpoint, id: string): Promise<void> {
  try {
    await callRoute(endpoint, `ending session ${id}`, CLOUD_ROUTES.endSession, { id });
  } catch (error) {
    if (error instanceof CloudApiError && error.status === 404) return;
    throw error;
  }
}
