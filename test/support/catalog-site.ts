/**
 * A generated shop catalog of any number of product cards, for the tests and the benchmarks of long
 * pages. The markup is what shops ship (a grid of divs with BEM classes, lazy images, icon glyphs hidden
 * from assistive tech), not a tidy list, so the snapshot does its real work on it. Every product is
 * deterministic, so a test knows each card's title, price and link.
 */
import type { PageServers } from "./page-server.js";

const FINISHES = ["Brushed", "Matte", "Polished", "Nordic", "Vintage", "Compact", "Classic", "Rugged"];
const MATERIALS = ["Oak", "Steel", "Linen", "Ceramic", "Walnut", "Bamboo", "Copper", "Wool", "Glass"];
const PRODUCTS = [
  "Desk Lamp",
  "Side Table",
  "Throw Blanket",
  "Coffee Mug",
  "Wall Clock",
  "Bookshelf",
  "Planter",
];
const CENTS = ["00", "49", "95", "99"];
const USES = ["home offices", "small flats", "reading corners", "gifting", "everyday use", "busy kitchens"];

/** One product as its card shows it. */
export interface CatalogProduct {
  id: number;
  title: string;
  price: string;
  rating: string;
  description: string;
}

/** The nth product (1-based); deterministic so known values never drift between runs. */
export function catalogProduct(id: number): CatalogProduct {
  const finish = FINISHES[id % FINISHES.length]!;
  const material = MATERIALS[(id * 7) % MATERIALS.length]!;
  const product = PRODUCTS[(id * 3) % PRODUCTS.length]!;
  const code = `NX-${String(id).padStart(4, "0")}`;
  const stars = (30 + ((id * 37) % 21)) / 10;
  return {
    id,
    title: `${finish} ${material} ${product} ${code}`,
    price: `$${5 + ((id * 7919) % 495)}.${CENTS[id % CENTS.length]}`,
    rating: `${stars.toFixed(1)} out of 5 stars (${3 + ((id * 53) % 900)} reviews)`,
    description: `A ${finish.toLowerCase()} ${material.toLowerCase()} ${product.toLowerCase()} made for ${USES[id % USES.length]}. Ships in ${1 + (id % 5)} days.`,
  };
}

/** The path of the nth product's page, as its card links to it. */
export function catalogProductPath(id: number): string {
  return `/p/${id}`;
}

/** How a catalog is built. */
export interface CatalogOptions {
  /** HTML after the grid (a test's needle in the haystack). */
  extraHtml?: string;
  /**
   * Cards with only the title link and the price, still as a flat grid of divs: the same structure in a
   * third of the elements, for tests that read catalogs of 10,000 cards on a loaded machine.
   */
  compact?: boolean;
}

/** Serves a catalog of `count` cards at `path` (with its thumbnail) on both page origins and returns the path. */
export function serveCatalog(
  servers: PageServers,
  path: string,
  count: number,
  options: CatalogOptions = {},
): string {
  // The HTML of 30,000 cards is about 25 MB: built once, on the first request.
  let html: string | undefined;
  servers.route(path, () => (html ??= catalogHtml(count, options)));
  servers.route(`${path}thumb.svg`, () => ({ body: THUMBNAIL, type: "image/svg+xml" }));
  return path;
}

const THUMBNAIL =
  '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240"><rect width="240" height="240" fill="#ddd"/></svg>';

/** The catalog page's HTML. */
export function catalogHtml(count: number, options: CatalogOptions = {}): string {
  const cards: string[] = [];
  const card = options.compact ? compactCardHtml : cardHtml;
  for (let id = 1; id <= count; id++) cards.push(card(catalogProduct(id)));
  const extraHtml = options.extraHtml ?? "";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>All products – Loupe Home Store</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
  body { font-family: system-ui, sans-serif; margin: 0; }
  .site-header { display: flex; gap: 2rem; padding: 1rem 2rem; border-bottom: 1px solid #eee; }
  .product-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: 1.5rem; padding: 2rem; }
  .product-card { border: 1px solid #eee; border-radius: 8px; padding: 1rem; display: flex; flex-direction: column; }
  .product-card__media img { width: 100%; height: auto; aspect-ratio: 1; }
  .product-card__title a { color: inherit; text-decoration: none; font-weight: 600; }
  .price__current { font-size: 1.1rem; }
  .stars { color: #f5a623; margin-right: .25rem; }
  .product-card__desc { color: #555; font-size: .9rem; }
  .btn--primary { margin-top: auto; padding: .5rem; background: #111; color: #fff; border: 0; border-radius: 4px; }
</style>
</head>
<body>
<div class="site-header">
  <div class="logo"><a href="/">Loupe Home Store</a></div>
  <div class="nav"><a href="/new">New in</a> <a href="/living">Living</a> <a href="/kitchen">Kitchen</a> <a href="/sale">Sale</a></div>
  <form class="search" action="/search" role="search"><input type="search" name="q" placeholder="Search products" aria-label="Search products"><button type="submit">Search</button></form>
  <div class="cart"><a href="/cart">Cart (0)</a></div>
</div>
<div class="page">
  <div class="page__heading"><h1>All products</h1><div class="result-count">${count} results</div></div>
  <div class="product-grid">
${cards.join("\n")}
  </div>
${extraHtml}
  <div class="pagination"><span>Page 1 of 1</span></div>
</div>
<div class="site-footer"><p>© Loupe Home Store. Free returns within 30 days.</p></div>
</body>
</html>`;
}

function cardHtml(p: CatalogProduct): string {
  const filled = Math.round(Number(p.rating.slice(0, 3)));
  return `<div class="product-card" data-product-id="${p.id}">
  <div class="product-card__media"><a href="${catalogProductPath(p.id)}" class="product-card__image-link"><img src="thumb.svg?id=${p.id}" alt="${p.title}, front view" width="240" height="240" loading="lazy" decoding="async"></a></div>
  <div class="product-card__info">
    <div class="product-card__title"><a href="${catalogProductPath(p.id)}">${p.title}</a></div>
    <div class="product-card__price"><span class="price__current">${p.price}</span></div>
    <div class="product-card__rating"><span class="stars" aria-hidden="true">${"★".repeat(filled)}${"☆".repeat(5 - filled)}</span><span class="rating__text">${p.rating}</span></div>
    <div class="product-card__desc">${p.description}</div>
    <div class="product-card__actions"><button type="button" class="btn btn--primary" data-sku="${p.id}">Add to cart</button></div>
  </div>
</div>`;
}

function compactCardHtml(p: CatalogProduct): string {
  return `<div class="product-card"><div class="product-card__title"><a href="${catalogProductPath(p.id)}">${p.title}</a></div><div class="price__current">${p.price}</div></div>`;
}
