/**
 * What a page states about itself in schema.org terms: its JSON-LD blocks and its microdata, read into
 * one list of typed things. The extraction uses them to tell a product from a forum thread and to check
 * that it kept the product's name, price and description; `metadata: true` reports them. Pages get
 * JSON-LD wrong in every possible way (several blocks, arrays, `@graph`, nested entities, comments,
 * stray commas), so every read is defensive and nothing here throws.
 */
import { forEachDescendant, type LightElement } from "../dom/light-dom.js";

/** One schema.org thing: its types (without the schema.org prefix) and its properties. */
export interface Thing {
  types: string[];
  props: Record<string, unknown>;
  /** Where it came from; microdata things also keep their element. */
  source: "json-ld" | "microdata";
  element?: LightElement;
}

/** Bounds on hostile input: a page cannot make the reader walk more than this. */
const MAX_THINGS = 2000;
const MAX_DEPTH = 12;
/** Elements read for one microdata scope's properties, its nested scopes' included. */
const MAX_SCOPE_ELEMENTS = 5000;

/** Every thing the page declares, JSON-LD first (in document order), then microdata. */
export function readStructuredData(root: LightElement): Thing[] {
  const things: Thing[] = [];
  const scopes: LightElement[] = [];
  forEachDescendant(root, (node) => {
    if (node.type === "text") return false;
    if (node.tag === "script") {
      if (/^\s*application\/ld\+json\s*$/i.test(node.attr("type") ?? ""))
        readJsonLd(node.textContent, things);
      return false;
    }
    if (node.attrs.has("itemscope") && node.attrs.has("itemtype")) scopes.push(node);
    return true;
  });
  for (const scope of scopes) {
    if (things.length >= MAX_THINGS) break;
    // A nested scope is a property of its parent's thing; it is also a thing of its own.
    things.push({
      types: schemaTypes(scope.attr("itemtype")),
      props: microdataProps(scope),
      source: "microdata",
      element: scope,
    });
  }
  return things;
}

/** The things of one of the types, in order. */
export function thingsOfType(things: readonly Thing[], types: ReadonlySet<string>): Thing[] {
  return things.filter((thing) => thing.types.some((type) => types.has(type)));
}

function readJsonLd(source: string, into: Thing[]): void {
  const text = source.replace(/^\s*(?:<!--|<!\[CDATA\[)|(?:-->|\]\]>)\s*$/g, "").trim();
  if (!text) return;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    try {
      // The commonest breakage: a trailing comma, or raw line breaks inside strings.
      value = JSON.parse(text.replace(/,\s*([}\]])/g, "$1").replace(/[\n\r\t]+/g, " "));
    } catch {
      return;
    }
  }
  collect(value, into, 0);
}

/** Walks a JSON-LD value, adding every object with a `@type` (nested ones included). */
function collect(value: unknown, into: Thing[], depth: number): void {
  if (depth > MAX_DEPTH || into.length >= MAX_THINGS || value === null || typeof value !== "object") return;
  if (Array.isArray(value)) {
    for (const item of value) collect(item, into, depth + 1);
    return;
  }
  const object = value as Record<string, unknown>;
  const types = schemaTypes(object["@type"]);
  if (types.length) into.push({ types, props: object, source: "json-ld" });
  for (const [key, child] of Object.entries(object)) {
    if (key === "@context") continue;
    if (child && typeof child === "object") collect(child, into, depth + 1);
  }
}

/** `"Product"`, `["Product", "Thing"]`, `"http://schema.org/Product"`, `"schema:Product"` → bare names. */
export function schemaTypes(value: unknown): string[] {
  const raw = Array.isArray(value) ? value : typeof value === "string" ? value.split(/\s+/) : [];
  return raw
    .filter((type): type is string => typeof type === "string" && type.length > 0)
    .map((type) => type.replace(/^.*[/#:]/, "").trim())
    .filter(Boolean);
}

/**
 * The properties of a microdata scope: each `itemprop` below it that is not inside a nested scope.
 * Values follow the microdata rules (content, href, src, datetime, else the text); a nested scope's
 * value is its own properties.
 */
function microdataProps(
  scope: LightElement,
  depth = 0,
  budget = { elements: MAX_SCOPE_ELEMENTS },
): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  const stack: LightElement[] = scope.elementChildren.reverse();
  while (stack.length && budget.elements-- > 0) {
    const el = stack.pop()!;
    const names = el.attr("itemprop");
    const nested = el.attrs.has("itemscope");
    if (names) {
      // A scope nested past MAX_DEPTH is named by its type alone, as a JSON-LD thing that deep is skipped.
      const value = nested
        ? {
            "@type": schemaTypes(el.attr("itemtype")),
            ...(depth < MAX_DEPTH ? microdataProps(el, depth + 1, budget) : {}),
          }
        : itemValue(el);
      for (const name of names.split(/\s+/).filter(Boolean)) {
        const existing = props[name];
        props[name] =
          existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
      }
    }
    if (nested) continue;
    const children = el.elementChildren;
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return props;
}

function itemValue(el: LightElement): string {
  const content = el.attr("content");
  if (content !== null) return content.trim();
  switch (el.tag) {
    case "a":
    case "link":
    case "area":
      return el.attr("href") ?? "";
    case "img":
    case "audio":
    case "video":
    case "source":
    case "iframe":
    case "embed":
      return el.attr("src") ?? "";
    case "time":
      return (el.attr("datetime") ?? el.textContent).trim();
    case "data":
    case "meter":
      return (el.attr("value") ?? "").trim();
    default:
      return el.textContent.replace(/\s+/g, " ").trim();
  }
}
