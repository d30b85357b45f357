/**
 * An author's name as a page states it, made fit to report: CMSs write `By Thai Vong`, `, USA TODAY`
 * (an empty name before its affiliation), a profile's address, an email, `Administrator`, or a
 * template's unfilled `page.head.extra.author`. The name is kept as written less that wrapping; what
 * names nobody gives nothing.
 */

import { trimEnds } from "./trim-ends.js";

/** Role words and blanks that templates put where a name belongs. */
const NOBODY =
  /^(?:admin|administrator|webmaster|author|authors|name|user|username|guest|unknown|anonymous|none|null|undefined|n\/a|editor|staff|team)$/i;

/** `authorName` of each, duplicates dropped, joined with ", " and bounded; undefined when none is left. */
export function authorNames(stated: readonly string[], maxLength: number): string | undefined {
  const names = [...new Set(stated.map(authorName).filter((name) => name !== undefined))];
  return names.length ? names.join(", ").slice(0, maxLength) : undefined;
}

/** The name in `stated`, or undefined when it names nobody. */
export function authorName(stated: string): string | undefined {
  const name = trimEnds(stated.replace(/\s+/g, " "), " ,;:|·•–—-")
    .replace(/^by\s+/i, "")
    .trim();
  if (!/\p{L}/u.test(name) || NOBODY.test(name)) return undefined;
  // An address, an email, a template's placeholder (`page.head.extra.author`, `{{ author }}`).
  if (/^(?:https?:|www\.)|:\/\/|^[^\s@]+@[^\s@]+\.\w+$|^[\w-]+(?:\.[\w-]+){2,}$|[{}$]/i.test(name))
    return undefined;
  return name;
}
