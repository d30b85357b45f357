/** Hosts a person runs things on: typed bare, they mean plain http (nothing there speaks TLS). */
const LOCAL_HOST =
  /^(localhost|127(\.\d+){3}|0\.0\.0\.0|\[::1\]|10(\.\d+){3}|192\.168(\.\d+){2})(:\d+)?(\/|$)/i;

/**
 * What a person typed in the address bar, as the URL to open: a URL with a scheme is kept as typed (the
 * service explains what it refuses), a bare loopback or private address gets `http://`, anything else
 * `https://`, as a browser would.
 */
export function addressToUrl(typed: string): string {
  const text = typed.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(text) && !/^[^/:]+:\d+(\/|$)/.test(text)) return text;
  return (LOCAL_HOST.test(text) ? "http://" : "https://") + text;
}
