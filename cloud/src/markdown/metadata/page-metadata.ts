/**
 * What a page states about itself, for `metadata: true`: the title, author, publication date and price
 * of its main thing (the Product, Article, Recipe, Event or discussion the page is about), read from its
 * JSON-LD and microdata, and the title, author and date from its `<meta>` tags when those state none. Every
 * field is copied from what the page declares — a date written as ISO 8601, a name without its "By " —
 * and left out when it declares nothing usable: nothing is guessed from the text, and a field is never
 * made up.
 */
import type { FetchMetadata } from "@loupe/core";
import { decodeHTML } from "entities/decode";
import { authorNames } from "./author-names.js";
import type { MetaTagFacts } from "./meta-tags.js";
import { isoDate } from "./stated-date.js";
import { mainThing, mainType } from "../content/main-thing.js";
import type { Thing } from "../content/structured-data.js";

/** The result's `metadata` field as the SDK declares it: every field absent unless the page states it. */
export type PageMetadata = FetchMetadata;

/** Longest value kept for one field: a page cannot fill the front matter with a novel. */
const MAX_FIELD = 300;

/**
 * The metadata of the page's main thing, its title, author and date completed from `tags`; `{}` when
 * the page declares none.
 */
export function pageMetadata(things: readonly Thing[], tags?: MetaTagFacts): PageMetadata {
  const metadata = thingMetadata(things);
  const title = metadata.title === undefined ? text(tags?.title) : undefined;
  if (title) metadata.title = title;
  if (tags && metadata.author === undefined) {
    // A CMS fills `<meta name="author">` with the site's name where no writer is set.
    const site = tags.siteName?.toLowerCase();
    const named = tags.authors
      .map(text)
      .filter((name): name is string => name !== undefined && name.toLowerCase() !== site);
    const author = authorNames(named, MAX_FIELD);
    if (author) metadata.author = author;
  }
  if (tags?.date && metadata.date === undefined) {
    const date = isoDate(text(tags.date) ?? "");
    if (date) metadata.date = date;
  }
  return metadata;
}

function thingMetadata(things: readonly Thing[]): PageMetadata {
  const thing = mainThing(things);
  if (!thing) return {};
  // A QAPage's facts are on its Question (its mainEntity).
  const subject = thing.types.includes("QAPage")
    ? (asObject(thing.props["mainEntity"]) ?? thing.props)
    : thing.props;
  const metadata: PageMetadata = { type: mainType(thing) };
  const title = text(subject["name"]) ?? text(subject["headline"]) ?? text(thing.props["name"]);
  if (title) metadata.title = title;
  const author = names(subject["author"]) ?? names(thing.props["author"]);
  if (author) metadata.author = author;
  // The first stated date that reads as one: a `datePublished` of "2 days ago" leaves `dateCreated`.
  const date = [
    subject["datePublished"],
    subject["startDate"],
    subject["dateCreated"],
    thing.props["datePublished"],
  ]
    .map((value) => text(value))
    .map((value) => (value === undefined ? undefined : isoDate(value)))
    .find((value) => value !== undefined);
  if (date) metadata.date = date;
  const offer = firstOffer(subject["offers"]);
  if (offer) {
    const price = text(offer["price"]);
    const low = text(offer["lowPrice"]);
    const high = text(offer["highPrice"]);
    const stated = price ?? (low && high && low !== high ? `${low}–${high}` : (low ?? high));
    if (stated) {
      metadata.price = stated;
      const currency = text(offer["priceCurrency"]);
      if (currency) metadata.currency = currency;
    }
  }
  return metadata;
}

/**
 * The metadata as YAML front matter (`---` lines around `key: "value"`), or "" when there is none.
 * Values are JSON strings, which YAML reads as double-quoted scalars: no page text can break out.
 */
export function frontMatter(metadata: PageMetadata): string {
  const lines = (["title", "author", "date", "price", "currency", "type"] as const)
    .filter((key) => metadata[key] !== undefined)
    .map((key) => `${key}: ${JSON.stringify(metadata[key])}`);
  return lines.length ? `---\n${lines.join("\n")}\n---\n\n` : "";
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first && typeof first === "object" && !Array.isArray(first)
    ? (first as Record<string, unknown>)
    : undefined;
}

/**
 * A usable string value: a non-empty string or number, whitespace collapsed, bounded; else undefined.
 * Entities are decoded: CMSs escape HTML inside JSON-LD (`Maria &amp; Katerina`), where nothing else
 * would decode them.
 */
function text(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first === "number" && Number.isFinite(first)) return String(first);
  if (typeof first !== "string") return undefined;
  const decoded = ENTITY.test(first) ? decodeHTML(first.slice(0, MAX_FIELD * 4)) : first;
  const clean = decoded.replace(/\s+/g, " ").trim();
  return clean ? clean.slice(0, MAX_FIELD) : undefined;
}

const ENTITY = /&(?:#\d+|#x[\da-f]+|[a-z]+\d*);/i;

/** Authors as the page names them: strings, or Person/Organization things with a name. */
function names(value: unknown): string | undefined {
  const list = (Array.isArray(value) ? value : [value])
    .map((author) => (typeof author === "string" ? text(author) : text(asObject(author)?.["name"])))
    .filter((name): name is string => name !== undefined);
  return authorNames(list, MAX_FIELD);
}

/** The first offer of `offers`: an Offer, an AggregateOffer, or a list of them. */
function firstOffer(value: unknown): Record<string, unknown> | undefined {
  const list = Array.isArray(value) ? value : [value];
  for (const item of list) {
    const offer = asObject(item);
    if (offer && (offer["price"] !== undefined || offer["lowPrice"] !== undefined)) return offer;
  }
  return undefined;
}
