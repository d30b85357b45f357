/**
 * Turning the link ids the model wrote in URL fields into the links' absolute URLs. What cannot be
 * turned into a URL becomes an issue for the repair turn, never an empty string or a guessed address.
 */
import type { SchemaIssue } from "../../errors.js";
import { matchUrlFieldPath, type UrlFieldPath } from "./url-field-paths.js";

/** What `substituteLinkIds` needs to know about the page. */
export interface LinkSubstitutionInput {
  /** The model's answer, unwrapped (see `unwrapModelValue`). Not modified. */
  value: unknown;
  /** Where the URL fields are (`ModelFacingSchema.urlPaths`). */
  urlPaths: readonly UrlFieldPath[];
  /** The absolute URL of the link element with this id, or `undefined` when the id names no link. */
  resolveLinkId: (id: string) => string | undefined;
  /** Whether `url` is the URL of one of the page's links (so a URL the model copied can stand). */
  isKnownUrl: (url: string) => boolean;
}

/** The value with URLs in place of link ids, and what could not be substituted. */
export interface LinkSubstitutionResult {
  value: unknown;
  issues: SchemaIssue[];
}

// The model may copy the brackets from the snapshot line (`[2-17] link: …`); the id is inside them.
const LINK_ID = /^\[?\s*(\d+-\d+)\s*\]?$/;
const HTTP_URL = /^https?:\/\//i;

/**
 * Replaces every link id in a URL field by the link's absolute URL.
 *
 * - A link id that names a link becomes its URL.
 * - An id that names no link, or any other text, is an issue at that field.
 * - An absolute http(s) URL stays only if it is one of the page's link URLs; otherwise it is an issue,
 *   because the model is asked for ids precisely so it cannot invent addresses.
 * - `null`, absent fields and non-strings are left alone (the caller's schema judges those).
 *
 * @returns A new value (the input is not modified) and the issues, in the order of the URL fields.
 */
export function substituteLinkIds(input: LinkSubstitutionInput): LinkSubstitutionResult {
  const locations = new Map<string, (string | number)[]>();
  for (const path of input.urlPaths) {
    for (const at of matchUrlFieldPath(input.value, path)) locations.set(JSON.stringify(at), at);
  }
  if (locations.size === 0) return { value: input.value, issues: [] };

  let value: unknown = structuredClone(input.value);
  const issues: SchemaIssue[] = [];
  for (const at of locations.values()) {
    const current = readAt(value, at);
    if (typeof current !== "string") continue;
    const text = current.trim();
    const id = LINK_ID.exec(text)?.[1];
    if (id !== undefined) {
      const url = input.resolveLinkId(id);
      if (url !== undefined) value = writeAt(value, at, url);
      else issues.push({ path: at, message: notALinkId(id) });
    } else if (HTTP_URL.test(text)) {
      if (!input.isKnownUrl(text)) {
        issues.push({
          path: at,
          message: `\`${text}\` is a URL; write the link's id, not a URL (the id in square brackets before a \`link\` line)`,
        });
      }
    } else {
      issues.push({ path: at, message: notALinkId(text) });
    }
  }
  return { value, issues };
}

function notALinkId(text: string): string {
  const shown = text === "" ? "An empty string" : `\`${text}\``;
  return `${shown} is not the id of a link in the snapshot; answer with the id in square brackets before a \`link\` line`;
}

function readAt(value: unknown, at: readonly (string | number)[]): unknown {
  let current = value;
  for (const key of at) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

/** Sets the field at `at` in the (already cloned) value; at the top, the value itself is replaced. */
function writeAt(value: unknown, at: readonly (string | number)[], replacement: unknown): unknown {
  if (at.length === 0) return replacement;
  const parent = readAt(value, at.slice(0, -1)) as Record<string | number, unknown>;
  parent[at[at.length - 1] as string | number] = replacement;
  return value;
}
