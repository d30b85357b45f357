/**
 * A generated shop catalog of 3,000 product cards: the size of page where snapshot cost and token
 * count matter most (the page itself is built by the tests' catalog site).
 */
import { catalogProduct, serveCatalog } from "../../test/support/catalog-site.js";
import type { PageServers } from "../../test/support/page-server.js";
import type { BenchPage } from "./bench-page.js";

const CARD_COUNT = 3000;
/** Every KNOWN_EVERY-th card's title and price are the known values. */
const KNOWN_EVERY = 100;

/** Registers the catalog (and its thumbnail) on the page servers and returns it as a bench page. */
export function catalogPage(servers: PageServers): BenchPage {
  serveCatalog(servers, "/bench/catalog/", CARD_COUNT);
  const knownValues: string[] = [];
  for (let id = KNOWN_EVERY; id <= CARD_COUNT; id += KNOWN_EVERY) {
    const product = catalogProduct(id);
    knownValues.push(product.title, product.price);
  }
  return { name: "catalog", kind: "catalog", url: `${servers.originA}/bench/catalog/`, knownValues };
}
