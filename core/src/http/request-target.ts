/**
 * Reading what a client put in an HTTP request line, for Loupe's servers (the Cloud, the Studio's web
 * server, the demo shop). `new URL()` and `decodeURIComponent()` throw on input any client can send
 * (`GET //`, `GET /%ff`); thrown from a request or upgrade handler, that ends the whole process. These
 * answer `undefined` instead, which the server turns into a 400.
 */

/**
 * The URL of a request from its target (`request.url`), or undefined when the target is not one.
 * The usual origin form (`/path?query`) is read as a path on this server, so `//x` is the path `//x`, not
 * the host `x`; the absolute form (`http://host/path`, sent to proxies) is read as it is.
 *
 * @param target The request target as Node gives it (`IncomingMessage.url`).
 * @returns The parsed URL (its host is a placeholder for the origin form), or undefined.
 */
export function parseRequestTarget(target: string | undefined): URL | undefined {
  if (!target) return undefined;
  try {
    const url = target.startsWith("/") ? new URL(`http://request.invalid${target}`) : new URL(target);
    return url.protocol === "http:" || url.protocol === "https:" ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A percent-encoded part of a URL decoded, or undefined when its encoding is broken (`%ff` is not UTF-8,
 * `%` is not followed by two hex digits).
 *
 * @param encoded A path segment or a whole path, as it appears in the URL.
 */
export function decodeUrlPart(encoded: string): string | undefined {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
}
