/** Which address an `<img>` shows: lazy loaders' real sources over their stand-ins. */
import type { LightElement } from "../dom/light-dom.js";
import { firstSrcsetUrl, isSrcsetList } from "./link-urls.js";

/**
 * The address of the picture the reader sees. A lazy loader's real source (`data-src`, `data-srcset`…)
 * wins over the `src` it will replace; a `src` that is a stand-in (an inline `data:` image, a file named
 * as a placeholder, blank or spacer) gives way to the `srcset`, and alone means no picture. A source
 * holding a whole `srcset` (a template's slip: `src="a-500.jpg 1000w, a-625.jpg 1250w"`) is read as one,
 * so the markdown gets its first address instead of the list as one long URL.
 */
export function imageSource(img: LightElement): string | null {
  const lazy =
    singleAddress(img.attr("data-src")) ??
    singleAddress(img.attr("data-lazy-src")) ??
    singleAddress(img.attr("data-original")) ??
    firstSrcsetUrl(img.attr("data-srcset") ?? img.attr("data-lazy-srcset"));
  if (lazy && !isStandIn(lazy)) return lazy;
  const src = singleAddress(img.attr("src"));
  if (src && !isStandIn(src)) return src;
  const fromSet = firstSrcsetUrl(img.attr("srcset"));
  return fromSet && !isStandIn(fromSet) ? fromSet : null;
}

/** An attribute's value as one address: trimmed, the first of a `srcset`-shaped list, null when empty. */
function singleAddress(value: string | null): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  return isSrcsetList(trimmed) ? firstSrcsetUrl(trimmed) : trimmed;
}

/**
 * Names lazy loaders and templates give the image shown until the real one arrives: words in the file's
 * name (read in the address's last segment, not by a pattern running to its end from each such word),
 * or a whole file name.
 */
const STAND_IN_WORDS = /placeholder|lazy[-_]?(?:load|image|img)/i;
const STAND_IN_FILE =
  /\/(?:blank|spacer|pixel|transparent|clear|empty|loading|1x1(?:[._-]trans)?)\.(?:gif|png|svg|webp)(?:[?#]|$)/i;

function isStandIn(src: string): boolean {
  return (
    /^data:/i.test(src) || STAND_IN_WORDS.test(src.slice(src.lastIndexOf("/") + 1)) || STAND_IN_FILE.test(src)
  );
}
