/**
 * Checks an instance URL (`--instance-url`): the address other instances of the same store forward a
 * session's requests and `connectUrl` upgrades to. It is an origin only — `http(s)://host:port` — because
 * a forwarded request keeps its own path; credentials would end up in the shared store for anyone who
 * can read it, so they are refused rather than stored.
 * @throws Error saying what to change.
 */
export function parseInstanceUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(
      `The instance URL "${raw}" is not a URL; give the address other instances reach this one by, like http://10.0.0.5:4455.`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new Error(`The instance URL must be http or https, not "${url.protocol}".`);
  if (url.username || url.password)
    throw new Error(
      "The instance URL must have no credentials: it is stored where every instance (and anyone reading the database) sees it.",
    );
  if (url.search || url.hash || (url.pathname !== "/" && url.pathname !== ""))
    throw new Error(
      `The instance URL "${raw}" must be a scheme, a host and a port only (no path, query or fragment), like http://10.0.0.5:4455.`,
    );
  return url;
}

/** The stored form: the origin, with no trailing slash. */
export function instanceOrigin(url: URL): string {
  return url.origin;
}
