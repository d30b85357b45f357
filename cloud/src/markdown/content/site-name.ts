/**
 * A page's title names the site beside the page: "Bike Helmets | REI Co-op", "Python - Wikipedia",
 * "Video Games : Target". The markdown's title is the page's, so the site's name goes when the page says
 * what its site is called (its `og:site_name` or `application-name`, the name its JSON-LD gives the
 * `WebSite` or `Organization`) or its address does (`ifixit.com`, `recsports.utexas.edu`). Only a part
 * set off by a separator goes, and only one: the last part, else the first when it is exactly the name
 * (a first part is as often the product the page is about: "Cloudflare CDN | Content Delivery Network").
 * A site's home page is about the site, and keeps its whole title ("Hugging Face – The AI community
 * building the future.").
 */
import { descendantsByTag, type LightElement } from "../dom/light-dom.js";
import { thingsOfType, type Thing } from "./structured-data.js";

/**
 * `title` without the name of the site it names, or unchanged.
 * @param head The page's `<head>`, whose `<meta>` tags may name the site.
 * @param things The page's structured data (see structured-data.ts).
 * @param url The page's address.
 */
export function titleWithoutSiteName(
  title: string,
  head: LightElement,
  things: readonly Thing[],
  url: string,
): string {
  const parts = title.split(SEPARATOR);
  // A split on a capturing pattern alternates parts and separators: [part, separator, part, …].
  if (parts.length < 3) return title;
  const address = URL.parse(url);
  if (isRoot(address)) return title;
  const { names, shortNames } = siteNames(head, things, address);
  const lastPart = parts[parts.length - 1]!;
  const last = letters(lastPart);
  const firstWord = letters(lastPart.trim().split(/\s+/)[0]!);
  let rest: string | undefined;
  if (names.some((name) => endNamesSite(last, name)) || shortNames.includes(firstWord))
    rest = parts.slice(0, -2).join("");
  else if (names.includes(letters(parts[0]!))) rest = parts.slice(2).join("");
  return rest?.trim() || title;
}

/** Whether `url` is a site's home page: its root, without a query. */
export function isHomePage(url: string): boolean {
  return isRoot(URL.parse(url));
}

function isRoot(address: URL | null): boolean {
  return address !== null && address.pathname === "/" && !address.search;
}

/**
 * Whether the last part of a title names the site called `name` (both read as `letters`): the name
 * itself, a part of it ("Target" of "Target Corporation"), or the name with words before or after it
 * ("Etsy Bulgaria", "Aura Official Site", "Test your website for free with Seobility") — not a phrase
 * that holds it in its middle ("The open source AI code editor" on code.visualstudio.com).
 */
function endNamesSite(part: string, name: string): boolean {
  if (part.length < MIN_NAME_CHARS) return false;
  return name.includes(part) || part.startsWith(name) || part.endsWith(name);
}

/**
 * What the page says its site is called, and the labels of its address, as `letters`: `names` of
 * `MIN_NAME_CHARS` or more, and `shortNames` of three letters ("REI", "SAP", "BBC"), which turn up inside
 * too many words to be matched as `endNamesSite` matches but name the site when a title's last part
 * starts with one as its own word ("Sleeping Bags | REI Co-op"). A short name is one the page gives its
 * site, or its address's own label (`sap` of `www.sap.com`, not a subdomain's `my` or `go`).
 */
function siteNames(
  head: LightElement,
  things: readonly Thing[],
  address: URL | null,
): { names: string[]; shortNames: string[] } {
  const declared: string[] = [];
  for (const meta of descendantsByTag(head, "meta")) {
    const key = (meta.attr("property") ?? meta.attr("name") ?? "").trim().toLowerCase();
    const content = meta.attr("content");
    if (content && SITE_NAME_META.has(key)) declared.push(letters(content));
  }
  const shortNames = [...declared];
  const names = [...declared];
  for (const thing of thingsOfType(things, SITE_TYPES)) {
    const name = thing.props.name;
    if (typeof name === "string") names.push(letters(name));
  }
  // The last label is the top-level domain; `www` names no site.
  const labels = address?.hostname.split(".").slice(0, -1) ?? [];
  names.push(...labels.filter((label) => label !== "www").map(letters));
  if (labels.length) shortNames.push(letters(labels[labels.length - 1]!));
  return {
    names: names.filter((name) => name.length >= MIN_NAME_CHARS),
    shortNames: shortNames.filter((name) => name.length === 3),
  };
}

/** A title's parts are set off by one of these, spaced on both sides (a hyphen inside a word is not one). */
const SEPARATOR = /((?<!\s)\s+(?:[|\-–—:»·•]|::)\s+)/u;
/** Shorter names ("co", "uk", "my") turn up inside too many words to be matched at a part's start or end. */
const MIN_NAME_CHARS = 4;
const SITE_NAME_META = new Set(["og:site_name", "application-name", "apple-mobile-web-app-title"]);
const SITE_TYPES = new Set([
  "WebSite",
  "Organization",
  "Corporation",
  "OnlineStore",
  "NewsMediaOrganization",
]);

/** Letters and digits only, lowercase, as names are compared: "REI Co-op" → "reicoop", "Pest-R-Us" → "pestrus". */
function letters(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}
