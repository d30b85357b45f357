/**
 * Link and image addresses made absolute against the page (and its `<base href>`), without tracking
 * parameters, and written so markdown cannot misread them.
 */

/** Query parameters that only tell an analytics system where a click came from. */
const TRACKING_PARAMETER =
  /^(utm_[a-z0-9_]+|fbclid|gclid|gclsrc|dclid|gbraid|wbraid|msclkid|mc_cid|mc_eid|_hsenc|_hsmi|__hstc|__hssc|__hsfp|hsctatracking|igshid|yclid|twclid|ttclid|li_fat_id|mkt_tok|oly_anon_id|oly_enc_id|vero_conv|vero_id|_ga|_gl|s_cid|ncid)$/i;

/** Schemes whose links do nothing outside the page (or do harm). */
const DEAD_SCHEMES = ["javascript", "vbscript", "data", "blob", "about"];
/** An address written with one of them. */
const DEAD_SCHEME = new RegExp(`^\\s*(?:${DEAD_SCHEMES.join("|")}):`, "i");
/** The same schemes as the URL parser reports them (`javascript:`). */
const DEAD_PROTOCOLS = new Set(DEAD_SCHEMES.map((scheme) => `${scheme}:`));

/** The URL relative addresses resolve against: `<base href>` resolved against the page's final URL. */
export function documentBase(pageUrl: string, baseHref: string | null): URL | null {
  const page = URL.parse(pageUrl);
  if (!baseHref?.trim()) return page;
  return URL.parse(baseHref.trim(), page?.href) ?? page;
}

/** A link target, absolute and cleaned, or null when the link leads nowhere (`#`, `javascript:`). */
export function resolveLink(raw: string | null, base: URL | null): string | null {
  const href = raw?.trim();
  if (!href || href === "#" || DEAD_SCHEME.test(href)) return null;
  return resolve(href, base);
}

/** An image source, absolute and cleaned, or null for none (inline `data:` images are left out). */
export function resolveImage(raw: string | null, base: URL | null): string | null {
  const src = raw?.trim();
  if (!src || DEAD_SCHEME.test(src)) return null;
  return resolve(src, base);
}

function resolve(address: string, base: URL | null): string | null {
  const url = URL.parse(address, base?.href);
  if (!url) return markdownSafe(address.replace(/\s+/g, "%20"));
  // The scheme as a browser reads it: the parser drops tabs and line breaks anywhere in the address, so
  // `java&#9;script:` is a script link the test on the raw text above cannot see.
  if (DEAD_PROTOCOLS.has(url.protocol)) return null;
  if (url.protocol === "http:" || url.protocol === "https:") {
    for (const name of [...url.searchParams.keys()]) {
      if (TRACKING_PARAMETER.test(name)) url.searchParams.delete(name);
    }
  }
  return markdownSafe(url.href);
}

/** Parentheses and angle brackets percent-encoded, so `[text](url)` ends where it should. */
function markdownSafe(url: string): string {
  return url.replace(/[()<>\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);
}

/**
 * The first address in a `srcset` (`a.jpg 1x, b.jpg 2x`), read as the HTML standard reads one: a
 * candidate's URL runs to the next whitespace, less trailing commas, so an address holding commas
 * (`/upload/w_300,h_200/a.jpg 300w`) stays whole.
 */
export function firstSrcsetUrl(srcset: string | null): string | null {
  const first = srcset
    ?.replace(/^[\s,]+/, "")
    .split(/\s/, 1)[0]!
    .replace(/(?<!,),+$/, "");
  return first || null;
}

/** A value shaped as a `srcset` (an address, then a width or density descriptor), not one address. */
export function isSrcsetList(value: string): boolean {
  return /\S\s+\d+(?:\.\d+)?[wx]\s*(?:,|$)/.test(value.trim());
}
