import { NOT_HTTP, notAWebAddress } from "@loupe/studio/common";

/** Hosts a person runs things on: typed bare, they mean plain http (nothing there speaks TLS). */
const LOCAL_HOST =
  /^(localhost|127(\.\d+){3}|0\.0\.0\.0|\[::1\]|10(\.\d+){3}|192\.168(\.\d+){2})(:\d+)?(\/|$)/i;

/** A scheme at the start (`https:`, `file:`), but not a bare `host:port`. */
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const HOST_PORT = /^[^/:\s]+:\d+(\/|$)/;

/**
 * A host a person means when typing it bare: a dotted name ending in a word (`example.com`,
 * `shop.example`), an IPv4 or bracketed IPv6 address, `localhost`, or any one-word name with a port
 * (an intranet machine, `devbox:8080`). A lone word ("hello") or words with spaces are not addresses.
 */
const BARE_HOST =
  /^(localhost|(\d{1,3}\.){3}\d{1,3}|\[[0-9a-f:.]+\]|([a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(xn--[a-z0-9-]+|[a-z]{2,63})\.?)(:\d{1,5})?$/i;
const HOST_WITH_PORT = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?:\d{1,5}$/i;

/** What the address bar does with what was typed: open a URL, or say why it cannot. */
export type Address = { url: string } | { error: string };

/**
 * What a person typed in the address bar, as the URL to open: an http(s) URL is kept as typed, a bare
 * loopback or private address gets `http://`, any other bare host `https://`, as a browser would. Words
 * that are no host, and other schemes, are refused with a sentence saying what to type instead.
 */
export function parseAddress(typed: string): Address {
  const text = typed.trim();
  if (SCHEME.test(text) && !HOST_PORT.test(text)) {
    if (!/^https?:/i.test(text)) return { error: NOT_HTTP };
    return isUrl(text) ? { url: text } : { error: notAWebAddress(text) };
  }
  const host = text.split(/[/?#]/, 1)[0] ?? "";
  if (!BARE_HOST.test(host) && !HOST_WITH_PORT.test(host)) return { error: notAWebAddress(text) };
  const url = (LOCAL_HOST.test(text) ? "http://" : "https://") + text;
  return isUrl(url) ? { url } : { error: notAWebAddress(text) };
}

function isUrl(text: string): boolean {
  try {
    return new URL(text).hostname !== "";
  } catch {
    return false;
  }
}
