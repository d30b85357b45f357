import { StudioError } from "./studio-error.js";

/**
 * Every sentence the Studio says about a navigation that did not arrive, in one place. Playwright's
 * errors carry ANSI colour codes, a `page.goto:` prefix and a call log: none of that reaches a person.
 */
const NAVIGATION_FAILURES: { test: RegExp; say: (host: string) => string }[] = [
  {
    test: /ERR_NAME_NOT_RESOLVED|ERR_NAME_RESOLUTION_FAILED/,
    say: (host) => `${host} was not found: check the address (no such host name).`,
  },
  {
    test: /ERR_CONNECTION_REFUSED/,
    say: (host) => `${host} refused the connection: nothing is listening at that address and port.`,
  },
  {
    test: /ERR_CONNECTION_TIMED_OUT|ERR_TIMED_OUT|Timeout \d+ms exceeded/,
    say: (host) => `${host} took too long to answer: the page did not load in time.`,
  },
  {
    test: /ERR_CERT_|ERR_SSL_|ERR_BAD_SSL|ERR_TLS|ERR_SSL_PROTOCOL/,
    say: (host) => `${host} has no secure connection the browser trusts (TLS certificate or protocol error).`,
  },
  {
    test: /ERR_ABORTED|interrupted by another navigation|frame was detached/i,
    say: (host) => `Loading ${host} was stopped before the page arrived.`,
  },
  {
    test: /ERR_INTERNET_DISCONNECTED|ERR_ADDRESS_UNREACHABLE|ERR_NETWORK_CHANGED|ERR_PROXY/,
    say: (host) => `${host} cannot be reached from this machine's network.`,
  },
  {
    test: /ERR_CONNECTION_RESET|ERR_CONNECTION_CLOSED|ERR_EMPTY_RESPONSE|ERR_INVALID_HTTP_RESPONSE/,
    say: (host) => `${host} closed the connection without sending a page.`,
  },
  {
    test: /ERR_TOO_MANY_REDIRECTS/,
    say: (host) => `${host} redirects in a loop, so the page never arrives.`,
  },
  {
    test: /ERR_UNSAFE_PORT|ERR_BLOCKED_BY|ERR_ACCESS_DENIED/,
    say: (host) => `The browser refuses to open ${host} (blocked address or port).`,
  },
];

// Built from the character: a control character in a regex literal reads as a typo to the linter.
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*[A-Za-z]`, "g");

/** A Playwright message as one plain line: no colour codes, no `page.goto:` prefix, no call log. */
export function plainBrowserMessage(message: string): string {
  const text = message.replace(ANSI, "");
  const first = text.split(/\n[^\S\n]*(?:Call log:|=+ logs =+)/)[0] ?? text;
  return first
    .replace(/^\s*[a-zA-Z]+\.[a-zA-Z]+: /, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** The host (with port) of a URL, for a sentence about it; the text itself when it is no URL. */
function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/**
 * One clear sentence for a navigation to `url` that failed with `failure` (a Playwright error, or the
 * `net::ERR_…` text of a failed request), as the `navigation_failed` error the renderer shows.
 */
export function navigationError(failure: unknown, url: string): StudioError {
  const raw = failure instanceof Error ? failure.message : String(failure);
  const plain = plainBrowserMessage(raw);
  const known = NAVIGATION_FAILURES.find(({ test }) => test.test(plain));
  const host = hostOf(url);
  const message = known
    ? known.say(host)
    : `${host} could not be opened: ${plain.replace(/ at \S+$/, "") || "the browser gave no reason"}.`;
  return new StudioError("navigation_failed", message);
}

/** What the address bar says when what was typed cannot be a page's address (nothing is opened). */
export function notAWebAddress(typed: string): string {
  return `"${typed}" is not a web address: type one like example.com or https://example.com/page.`;
}

/** What the address bar says to a URL with another scheme (file:, ftp:, javascript:, chrome:…). */
export const NOT_HTTP =
  "The Studio opens http and https pages only: start the address with https:// or http://.";

/** The error for a navigation the person stopped (Stop): not a failure, nothing to explain. */
export function navigationStopped(): StudioError {
  return new StudioError("navigation_stopped", "Stopped.");
}

/**
 * Back or forward in a tab whose page answers nothing (its renderer crashed, or a script never yields)
 * when the browser does not say where that step leads.
 */
export function pageNotAnswering(): StudioError {
  return new StudioError(
    "navigation_failed",
    "The page does not answer (it crashed, or a script on it runs without end), and its history cannot be " +
      "read. Reload it (Loupe opens it again, without its history), or close its tab.",
  );
}
