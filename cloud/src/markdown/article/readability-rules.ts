/**
 * The patterns and tag lists of Mozilla Readability 0.6 (Apache-2.0, © Arc90 Inc and Mozilla), which
 * this extraction follows so its article is the one Readability picks. Kept verbatim so a diff against
 * a later Readability shows what moved. Loupe's own additions are marked.
 */

export const FLAG_STRIP_UNLIKELYS = 0x1;
export const FLAG_WEIGHT_CLASSES = 0x2;
export const FLAG_CLEAN_CONDITIONALLY = 0x4;
export const ALL_FLAGS = FLAG_STRIP_UNLIKELYS | FLAG_WEIGHT_CLASSES | FLAG_CLEAN_CONDITIONALLY;

export const TAGS_TO_SCORE = new Set(["section", "h2", "h3", "h4", "h5", "h6", "p", "td", "pre"]);
export const CHAR_THRESHOLD = 500;
export const TOP_CANDIDATES = 5;

export const RE = {
  unlikelyCandidates:
    /-ad-|ai2html|banner|breadcrumbs|combx|comment|community|cover-wrap|disqus|extra|footer|gdpr|header|legends|menu|related|remark|replies|rss|shoutbox|sidebar|skyscraper|social|sponsor|supplemental|ad-break|agegate|pagination|pager|popup|yom-remote/i,
  okMaybeItsACandidate: /and|article|body|column|content|main|shadow/i,
  positive: /article|body|content|entry|hentry|h-entry|main|page|pagination|post|text|blog|story/i,
  negative:
    /-ad-|hidden|^hid$| hid$| hid |^hid |banner|combx|comment|com-|contact|footer|gdpr|masthead|media|meta|outbrain|promo|related|scroll|share|shoutbox|sidebar|skyscraper|sponsor|shopping|tags|widget/i,
  byline: /byline|author|dateline|writtenby|p-author/i,
  videos:
    /\/\/(www\.)?((dailymotion|youtube|youtube-nocookie|player\.vimeo|v\.qq)\.com|(archive|upload\.wikimedia)\.org|player\.twitch\.tv)/i,
  shareElements: /(\b|_)(share|sharedaddy)(\b|_)/i,
  hashUrl: /^#.+/,
  b64DataUrl: /^data:\s*([^\s;,]+)\s*;\s*base64\s*,/i,
  jsonLdArticleTypes:
    /^Article|AdvertiserContentArticle|NewsArticle|AnalysisNewsArticle|AskPublicNewsArticle|BackgroundNewsArticle|OpinionNewsArticle|ReportageNewsArticle|ReviewNewsArticle|Report|SatiricalArticle|ScholarlyArticle|MedicalScholarlyArticle|SocialMediaPosting|BlogPosting|LiveBlogPosting|DiscussionForumPosting|TechArticle|APIReference$/,
  adWords: /^(ad(vertising|vertisement)?|pub(licité)?|werb(ung)?|广告|Реклама|Anuncio)$/iu,
  loadingWords: /^((loading|正在加载|Загрузка|chargement|cargando)(…|\.\.\.)?)$/iu,
  /**
   * Loupe's addition: consent and cookie banners, which Readability leaves to the page's own scripts.
   * Whole words only, so "cookies-recipe" content is not taken for a banner.
   */
  consentBanner: /(^|[\s_-])(cookie|cookies|consent|cmp|onetrust|cookiebanner|cookie-notice)([\s_-]|$)/i,
};

export const UNLIKELY_ROLES = new Set([
  "menu",
  "menubar",
  "complementary",
  "navigation",
  "alert",
  "alertdialog",
  "dialog",
]);

export const DIV_TO_P_ELEMS = new Set(["blockquote", "dl", "div", "img", "ol", "p", "pre", "table", "ul"]);

export const ALTER_TO_DIV_EXCEPTIONS = new Set(["div", "article", "section", "p", "ol", "ul"]);

export const PHRASING_ELEMS = new Set([
  "abbr",
  "audio",
  "b",
  "bdo",
  "br",
  "button",
  "cite",
  "code",
  "data",
  "datalist",
  "dfn",
  "em",
  "embed",
  "i",
  "img",
  "input",
  "kbd",
  "label",
  "mark",
  "math",
  "meter",
  "noscript",
  "object",
  "output",
  "progress",
  "q",
  "ruby",
  "samp",
  "script",
  "select",
  "small",
  "span",
  "strong",
  "sub",
  "sup",
  "textarea",
  "time",
  "var",
  "wbr",
]);

export const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);
