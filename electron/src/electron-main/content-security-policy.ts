import { contentSecurityPolicy } from "../node/content-security-policy.js";

/**
 * The Content Security Policy main puts on every response in the app's session that has headers. The
 * UI itself loads from disk, where no headers exist, so renderer/index.html carries its policy in a meta
 * tag (a test holds that one to the same rules); this header covers anything else and is stricter: over
 * IPC the window needs no connection at all, so `connect-src` is `'self'` only.
 */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/** `headers` with the Studio's policy set (replacing any policy the response brought, in any case). */
export function withContentSecurityPolicy(
  headers: Record<string, string[]> | undefined,
): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {}))
    if (name.toLowerCase() !== "content-security-policy") result[name] = value;
  result["Content-Security-Policy"] = [CONTENT_SECURITY_POLICY];
  return result;
}
