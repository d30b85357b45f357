/**
 * The Studio UI's Content Security Policy, one text for both shells. Web mode sends it as a header;
 * Electron sets it on its session's responses (and renderer/index.html carries the same rules in a meta
 * tag for the file:// load, where no headers exist). Monaco injects style elements, hence
 * `'unsafe-inline'` for styles only; scripts and workers come from the UI's own origin.
 *
 * @param connectSources where the UI may open connections besides `'self'` (web mode: the API's
 *   WebSocket origin; Electron: none, since it talks over IPC).
 */
export function contentSecurityPolicy(connectSources: string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    ["connect-src 'self'", ...connectSources].join(" "),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}
