/**
 * The words of class names and ids that every site uses for the same furniture (nav, menu, breadcrumb,
 * share, related, newsletter, cookie…), and what they say of an element on each type of page. Words are
 * matched whole, after splitting `post-share_bar` or `shareBar` into words (see name-words.ts), and a
 * furniture word the split cut in two (`tool-tip`, `side_bar`, `signUp`) is read whole again.
 */
import type { LightElement } from "../dom/light-dom.js";
import { DISCUSSION_WORDS, nameWords } from "./name-words.js";
import type { PageType } from "./page-type.js";

/**
 * What an element's names say: furniture ("words"), or navigation, which under an unlucky name can hold
 * prose and is weighed by it ("navigation-words").
 */
export type FurnitureNameReason = "words" | "navigation-words";

/** Whole words of class names and ids that name furniture on any site. */
const FURNITURE_WORDS = new Set([
  "nav", "navbar", "navigation", "navlinks", "subnav", "topnav", "sidenav", "menu", "menubar", "megamenu", "breadcrumb",
  "breadcrumbs", "footer", "sidebar", "sidebars", "share", "sharing", "sharebar", "sharer", "social", "related",
  "newsletter", "subscribe", "cookie", "cookies", "consent", "gdpr", "popup", "advert", "advertisement",
  "advertising", "ads", "ad", "adsense", "sponsor", "sponsored", "promo", "pagination", "pager", "tagcloud",
  "skiplink", "toolbar", "masthead", "signup", "login", "signin", "disqus", "outbrain", "taboola", "offcanvas",
  "tooltip", "screenreader", "visuallyhidden", "noprint", "backtotop",
  // About the page, not of it: an author's bio box, a forum member's signature, an affiliate or legal disclaimer.
  "bio", "signature", "disclaimer",
  // A forum member's rank, banner and details beside each post (XenForo's `userTitle`, `userBanner`,
  // `message-userExtras`: "Gold Member", "Joined Nov 4, 2011", "Location Miami"), not the name the
  // thread's readers keep; a panel that also holds the name (`userinfo`, phpBB's `postprofile`) stays.
  "usertitle", "userbanner", "userextras", "userextra",
  // A site's notices (cookies, sales, outages) and rows of buttons (share, save, print, buy).
  "notice", "buttons",
  // A story's byline and time stamp (the metadata option reports author and date), bars of site announcements.
  "byline", "bylines", "timestamp", "dateline", "topbar", "announcement", "promobar",
  // The shopper's cart (a drawer or a summary), never the page's subject.
  "cart", "minicart",
  // A shop's or a site's picks for the reader ("recommended for you"), a rating widget's stars ("1 of 5
  // stars"), an article's numbered notes and sources under it (measured on WCXB's dev split: the text
  // under these names is about nine words in ten outside the main content).
  "recommend", "recommended", "recommendations", "stars", "footnotes",
  // What the page itself marks as not its content, for site search engines (Google's `nocontent`, on its
  // developer sites' page menus, meta bars and footers).
  "nocontent",
]); // prettier-ignore

/**
 * Short furniture words that name furniture only at the head of a class name (`ad-slot`, `adBanner`);
 * after another word they qualify it (`hide-read-more-ad` is a story card that hides its ad).
 */
const HEAD_ONLY_WORDS = new Set(["ad"]);

/**
 * A class name made only of these words names the content (`entry-content`, `main-content-wrap`), and an
 * element that has one is not furniture whatever its other names say.
 */
const CONTENT_WORDS = new Set([
  "content",
  "article",
  "main",
  "body",
  "entry",
  "post",
  "story",
  "text",
  "prose",
]);
const FILLER_WORDS = new Set([
  "wrap",
  "wrapper",
  "inner",
  "outer",
  "container",
  "area",
  "section",
  "col",
  "column",
  "block",
  "box",
  "page",
  "single",
  "the",
]);

/**
 * Navigation words: what they name never holds paragraphs, so one that does is content under an unlucky
 * name (`content-nav-section`). Other furniture (comments, related stories, author boxes, cookie notices)
 * is often written in sentences.
 */
const NAVIGATION_WORDS = new Set([
  "nav",
  "navbar",
  "navigation",
  "navlinks",
  "subnav",
  "topnav",
  "sidenav",
  "menu",
  "menubar",
  "megamenu",
  "breadcrumb",
  "breadcrumbs",
  "pagination",
  "pager",
  "toolbar",
  "tooltip",
  "offcanvas",
]);

/**
 * Buyers' reviews and questions: what others say of a product, furniture on its page and on a page of
 * products (which a product page with a grid of other items is often taken for).
 */
const REVIEW_WORDS = new Set(["reviews", "review", "ratings", "qna", "questions"]);

/**
 * A site's messages to its visitor (scripts off, comments closed, an item saved, a connection lost):
 * about the visit, not the page. Not on documentation pages, where an alert box is the text's own
 * warning or tip.
 */
const ALERT_WORDS = new Set(["alert"]);

/**
 * A modal window (a sign-up or region prompt, a video player, a share sheet) opens over the page on
 * the visitor's action or on a timer: not the page's text. Like navigation, one holding paragraphs of
 * prose is content under that name (a story a news site opens over its front page). Not on product
 * pages, where a modal is also the sheet of the product's own details (measurements, materials, care)
 * that a button opens.
 */
const MODAL_WORDS = new Set(["modal"]);

/**
 * A page of products' filters and sort controls: how to narrow the grid, not what is in it. Only on
 * collection pages: elsewhere a filter names the content it holds (a filterable table, sorted results).
 */
const FACET_WORDS = new Set([
  "filter",
  "filters",
  "facet",
  "facets",
  "refinement",
  "refinements",
  "sort",
  "sorting",
  "sortby",
]);

/**
 * A form's status messages ('Thank you! Your submission has been received!', 'Oops! Something went
 * wrong'), which a script shows once the form is sent and the site's style sheet hides until then: a
 * class name pairing a form or message with its outcome (`w-form-done`, `w-form-fail`,
 * `success-message`, `form-error`). About a visit, not the page.
 */
const FORM_STATUS_SUBJECTS = new Set(["form", "message", "msg"]);
const FORM_STATUS_OUTCOMES = new Set(["done", "fail", "failure", "success", "error", "errors"]);

function isFormStatus(words: readonly string[]): boolean {
  return (
    words.some((word) => FORM_STATUS_SUBJECTS.has(word)) &&
    words.some((word) => FORM_STATUS_OUTCOMES.has(word))
  );
}

/**
 * Whether the element's class names and ids name furniture on a page of this type, and how surely; null
 * when they do not, or when a name says it is the content (`article-body`).
 */
export function furnitureByName(el: LightElement, type: PageType): FurnitureNameReason | null {
  let reason: FurnitureNameReason | null = null;
  for (const words of nameWords(el)) {
    if (!words.length) continue;
    if (
      words.some((word) => CONTENT_WORDS.has(word)) &&
      words.every((word) => CONTENT_WORDS.has(word) || FILLER_WORDS.has(word))
    )
      return null;
    if (isFormStatus(words)) reason = "words";
    for (const [index, part] of words.entries()) {
      const word = joinedWord(part, words[index + 1]);
      if (index > 0 && HEAD_ONLY_WORDS.has(word)) continue;
      if (type !== "forum" && DISCUSSION_WORDS.has(word)) reason = "words";
      else if ((type === "product" || type === "collection") && REVIEW_WORDS.has(word)) reason = "words";
      else if (type === "collection" && FACET_WORDS.has(word)) reason = "words";
      else if (type !== "documentation" && ALERT_WORDS.has(word)) reason = "words";
      else if (type !== "product" && MODAL_WORDS.has(word))
        reason = reason === "words" ? "words" : "navigation-words";
      else if (FURNITURE_WORDS.has(word))
        reason = reason === "words" || !NAVIGATION_WORDS.has(word) ? "words" : "navigation-words";
    }
  }
  return reason;
}

/**
 * `word`, or the furniture word it makes with the next one when a name's separator cut it in two
 * (`tool-tip`, `side_bar`, `signUp`). Parts of one letter are a size or a plural (`button-s`), not half
 * a word. Measured on WCXB: +0.00044, 28 pages gain, 6 lose (a service's `pop-up-modal` held text its
 * reference keeps).
 */
function joinedWord(word: string, next: string | undefined): string {
  if (next === undefined || word.length < 2 || next.length < 2) return word;
  const joined = word + next;
  return FURNITURE_WORDS.has(joined) ? joined : word;
}
