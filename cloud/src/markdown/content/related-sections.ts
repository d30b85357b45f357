/**
 * Sections the page itself titles as being about other pages or as page furniture: "Related articles",
 * "You may also like", "Customers who viewed this item also viewed", "Recently viewed", "Most read",
 * "About the author" or "About the reviewer", a "Disclaimer", "Share this", "Comments" (outside forums), a
 * product's "Reviews" and its shop's "Shipping and returns", an article's invitation to sign up for
 * letters. Their markup is often anonymous (no `related` class to find), but their heading says what
 * they are in the web's common phrases. The section goes — the heading with the smallest container
 * that starts with it, or, when the heading sits among the content's own siblings, the heading and what
 * follows it up to the next heading of the same rank.
 */
import { descendantsByTag, firstText, removeNodes, type LightElement } from "../dom/light-dom.js";
import type { PageType } from "./page-type.js";

const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);

/** A section heading is short: a longer one with these words is the content's own title. */
const MAX_HEADING_CHARS = 60;

/** Above this share of the page's text a container is a layout wrapper, not the section. */
const MAX_SHARE = 0.4;

// Phrases that title a block of links to other pages, on any site (no site's own wording): the whole
// heading (trailing punctuation aside), or its opening ("Share this recipe", "Follow us on Instagram"),
// matched at the start alone — an open tail before the trailing punctuation would backtrack over a long
// heading's text. Constant strings, so that the lint's backtracking rules can read the pattern.
const RELATED_HEADING = new RegExp(
  "^(?:(?:" +
    [
      "you (?:may|might|will|could) (?:also )?(?:like|love|enjoy|be interested)",
      "(?:you )?might also (?:like|enjoy)",
      "(?:[\\w'-]+ ){0,2}related(?: [\\w-]+){0,2}",
      "similar (?:items|products|articles|posts|stories|listings|properties|jobs)",
      "(?:people|customers|shoppers) (?:who )?(?:also )?(?:viewed|bought|searched|liked)(?: [\\w'-]+){0,5}",
      "customers also",
      "(?:frequently|often) bought together",
      "recently viewed",
      "more (?:from|like this|to explore|stories|articles|news|posts|in|on)\\b",
      "(?:most )?(?:popular|trending)(?: now| today| this week| posts| stories| articles| products)?",
      "most (?:read|viewed|shared|commented)",
      "recommended(?: for you| products| articles| reading| stories)?",
      "(?:also|further) (?:read|on|in|see)\\b",
      "read (?:next|also)",
      "(?:what|where) to read next",
      "don'?t miss",
      "explore (?:more|other|similar)",
      "sponsored(?: content| links)?",
      "(?:latest|recent) (?:news|posts|stories|articles|blogs?)",
      // A forum's lists of other threads: "Similar threads", "Trending topics", "Hot questions".
      "(?:most )?(?:similar|popular|trending|hot|active|latest|recent) (?:topics|threads|discussions|questions)",
      "complete the look",
      "shop the look",
      "about the (?:authors?|reviewers?|experts?|writers?|contributors?|editors?)",
      "author bio(?:graphy)?",
      "(?:medical )?disclaimers?",
      "leave a (?:comment|reply)",
      "(?:create an account or )?(?:sign|log) ?in to (?:comment|reply|post)",
      "(?:join|sign up for|subscribe to) (?:our|the) newsletter",
      "newsletter",
      "tags?",
    ].join("|") +
    ")\\s*[:.!?…]*$|(?:share (?:this|the|on)|follow us(?: on)?)\\b)",
  "i",
);

/**
 * An invitation to sign up for the site's letters ("Free Healthbeat signup", "Sign up for email updates",
 * "Join 5,000+ readers", "Stay in the know"). Only on a page that declares itself an article: a service's
 * own page offers its sign-up as what it sells, and its references keep it.
 */
const SIGN_UP_HEADING = new RegExp(
  "^(?:(?:[\\w'-]+ ){0,3}(?:sign ?up|signup)\\s*[:.!?…]*$|" +
    [
      "(?:sign up|subscribe|register) (?:for|to)\\b",
      "join (?:our|the) (?:mailing list|email list|newsletter|list)\\b",
      "join [\\d,.]+k?\\+? ",
      "stay (?:in the know|up to date|updated|informed|connected|in touch)\\b",
    ].join("|") +
    ")",
  "i",
);

// Readers' comments under an article or a product; on a forum they are the page.
const COMMENTS_HEADING = /^(?:\d+ )?(?:comments?|responses?)(?: \(\d+\))?\s*:?$/i;

// On a product page its buyers' reviews and questions are what others say of the product, not the product.
const REVIEWS_HEADING =
  /^(?:(?:customer|user|product|guest|member|top|most helpful|all|read|see all) )*(?:reviews?|ratings?(?: (?:&|and) reviews?)?|reviews? (?:&|and) (?:ratings?|questions)|questions? (?:&|and) answers?|q ?& ?a|customer questions|what (?:customers|people) (?:say|are saying))\b[^]{0,30}$/i;

/**
 * On a product page the shop's terms (shipping, returns, payment) and its seller's profile and ratings
 * are the shop's, the same under every product it sells, not the product's facts (measured on WCXB:
 * products +0.006, 9 pages gain, 3 lose by 0.03 at most where the region the passes after choose moves).
 */
const SHOP_HEADING =
  /^(?:(?:shipping|returns?|delivery|payments?)(?: (?:&|and|\+) (?:returns?|exchanges?|delivery|security|shipping))?(?: polic(?:y|ies)| info(?:rmation)?)?|(?:about (?:this|the) (?:seller|shop)|seller (?:feedback|information|info)|meet (?:the|your) (?:seller|maker))\b[^]{0,20})$/i;

/**
 * Removes the sections below `root` whose heading titles them as links to other pages or furniture;
 * `declaredArticle` when the page says it is an article (see page-type.ts), which adds sign-ups.
 */
export function removeRelatedSections(root: LightElement, type: PageType, declaredArticle = false): void {
  const total = root.stats.nonSpace || 1;
  const doomed: LightElement[] = [];
  const siblingsOf = elementSiblings();
  for (const heading of descendantsByTag(root, HEADINGS)) {
    if (heading.stats.nonSpace > MAX_HEADING_CHARS) continue;
    const text = heading.textContent.replace(/\s+/g, " ").trim();
    const furniture =
      RELATED_HEADING.test(text) ||
      (declaredArticle && SIGN_UP_HEADING.test(text)) ||
      (type !== "forum" && COMMENTS_HEADING.test(text)) ||
      (type === "product" && (REVIEWS_HEADING.test(text) || SHOP_HEADING.test(text)));
    if (!furniture) continue;
    const own = firstText(heading);
    let section: LightElement = heading;
    let parent = heading.parent;
    for (; parent && parent !== root; parent = parent.parent) {
      if (firstText(parent) !== own) break;
      // A container that starts with the heading but holds much of the page is a layout wrapper: the
      // section is the heading alone, not what follows it.
      if (parent.stats.nonSpace / total > MAX_SHARE) {
        parent = null;
        break;
      }
      section = parent;
    }
    if (section !== heading || !parent) doomed.push(section);
    else {
      const followers = headingAndFollowers(heading, siblingsOf);
      const chars = followers.reduce((sum, el) => sum + el.stats.nonSpace, 0);
      doomed.push(...(chars / total > MAX_SHARE ? [heading] : followers));
    }
  }
  removeNodes(doomed);
}

/** The heading and its following element siblings up to the next heading of the same or higher rank. */
function headingAndFollowers(heading: LightElement, siblingsOf: SiblingsOf): LightElement[] {
  const parent = heading.parent;
  if (!parent) return [heading];
  const rank = Number(heading.tag[1]);
  const { list, index } = siblingsOf(parent);
  const out = [heading];
  for (let i = index.get(heading)! + 1; i < list.length; i++) {
    const sibling = list[i]!;
    const next = HEADINGS.has(sibling.tag) ? sibling : leadingHeading(sibling);
    if (next && Number(next.tag[1]) <= rank) break;
    out.push(sibling);
  }
  return out;
}

type SiblingsOf = (parent: LightElement) => { list: LightElement[]; index: Map<LightElement, number> };

/**
 * An element's element children and where each stands, listed once per parent: a page of 30,000
 * "Related" headings side by side would otherwise list and search its siblings once per heading.
 */
function elementSiblings(): SiblingsOf {
  const known = new Map<LightElement, ReturnType<SiblingsOf>>();
  return (parent) => {
    let found = known.get(parent);
    if (!found) {
      const list = parent.elementChildren;
      found = { list, index: new Map(list.map((el, i) => [el, i])) };
      known.set(parent, found);
    }
    return found;
  };
}

/** The heading an element starts with, if its first text is a heading's. */
function leadingHeading(el: LightElement): LightElement | null {
  const first = firstText(el);
  for (let node = first?.parent ?? null; node && node !== el.parent; node = node.parent)
    if (HEADINGS.has(node.tag)) return node;
  return null;
}
