/**
 * Checks `publicUrl`: an http(s) URL with nothing but a scheme, a host and maybe a path prefix.
 * @throws Error saying what to change.
 */
export function parsePublicUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(
      `The public URL "${raw}" is not a URL; give the address clients reach the server by, like https://loupe.example.com.`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new Error(`The public URL must be http or https, not "${url.protocol}".`);
  if (url.username || url.password || url.search || url.hash)
    throw new Error(`The public URL "${raw}" must have no credentials, query or fragment.`);
  return url;
}
