import { describe, expect, it } from "vitest";
import { navigationError, plainBrowserMessage } from "./navigation-messages.js";

/** A Playwright `page.goto` error as it arrives: colour codes, prefix, call log. */
const gotoError = (reason: string, url: string) =>
  new Error(
    `page.goto: ${reason} at ${url}\nCall log:\n  \u001b[2m- navigating to "${url}", waiting until "load"\u001b[22m\n`,
  );

describe("navigation errors", () => {
  it("strips colour codes, the method prefix and the call log", () => {
    expect(
      plainBrowserMessage(
        "page.goto: \u001b[31mnet::ERR_FAILED\u001b[39m at http://x/\nCall log:\n  - navigating to",
      ),
    ).toBe("net::ERR_FAILED at http://x/");
  });

  it.each([
    ["net::ERR_NAME_NOT_RESOLVED", "shop.invalid was not found: check the address (no such host name)."],
    [
      "net::ERR_CONNECTION_REFUSED",
      "shop.invalid refused the connection: nothing is listening at that address and port.",
    ],
    ["net::ERR_CONNECTION_TIMED_OUT", "shop.invalid took too long to answer: the page did not load in time."],
    ["Timeout 30000ms exceeded.", "shop.invalid took too long to answer: the page did not load in time."],
    [
      "net::ERR_CERT_AUTHORITY_INVALID",
      "shop.invalid has no secure connection the browser trusts (TLS certificate or protocol error).",
    ],
    [
      "net::ERR_SSL_PROTOCOL_ERROR",
      "shop.invalid has no secure connection the browser trusts (TLS certificate or protocol error).",
    ],
    ["net::ERR_ABORTED", "Loading shop.invalid was stopped before the page arrived."],
  ])("says %s in one sentence", (reason, sentence) => {
    const error = navigationError(gotoError(reason, "https://shop.invalid/a"), "https://shop.invalid/a");
    expect(error.code).toBe("navigation_failed");
    expect(error.message).toBe(sentence);
  });

  it("keeps the port in the host and reads a failed request's bare error text", () => {
    expect(navigationError("net::ERR_CONNECTION_REFUSED", "http://127.0.0.1:9/x").message).toMatch(
      /^127\.0\.0\.1:9 refused the connection/,
    );
  });

  it("says an unknown failure plainly, without ANSI or call log", () => {
    const { message } = navigationError(
      gotoError("\u001b[31mnet::ERR_WEIRD_THING\u001b[39m", "https://a.example/"),
      "https://a.example/",
    );
    expect(message).toBe("a.example could not be opened: net::ERR_WEIRD_THING.");
    expect(message).not.toMatch(/Call log|page\.goto/);
    expect(message).not.toContain("\u001b");
  });
});
