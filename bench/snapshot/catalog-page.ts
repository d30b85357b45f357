/**
 * A generated shop catalog of product cards (1,000 to 30,000 in the bench): the size of page where
 * snapshot cost and token count matter most, and where a cost that is not linear in the page shows
 * (the page itself is built by the tests' catalog site).
 */
import { catalogProduct, serveCatalog } from "../../test/support/catalog-site.js";
import type { PageServers } from "../../test/support/page-server.js";
import type { BenchPage } from "./bench-page.js";

/** Load time allowed per card (6 ms: 180 s for 30,000 cards), since loading is not what is timed. */
const LOAD_MS_PER_CARD = 6;

/** Every card whose number is a multiple of this has its title and price among the known values. */
const KNOWN_EVERY = 100;

/** Registers a catalog of `cards` cards (and its thumbnail) on the page servers; returns it as a bench page. */
export function catalogPage(servers: PageServers, cards: number): BenchPage {
  const path = serveCatalog(servers, `/bench/catalog-${cards}/`, cards);
  // About 60 known values whatever the size: every KNOWN_EVERY-th card, thinned on big catalogs.
  const step = KNOWN_EVERY * Math.max(1, Math.round(cards / 3000));
  const knownValues: string[] = [];
  for (let id = step; id <= cards; id += step) {
    const product = catalogProduct(id);
    knownValues.push(product.title, product.price);
  }
  return {
    name: `catalog-${cards / 1000}k`,
    kind: "catalog",
    url: `${servers.originA}${path}`,
    knownValues,
    // Three browsers load the page at once (untimed): a 30k-card page takes longer than 30 s to arrive.
    loadTimeoutMs: Math.max(30_000, cards * LOAD_MS_PER_CARD),
  };
}
