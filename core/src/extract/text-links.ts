import type { PageSnapshot } from "../snapshot/page-snapshot.js";

const BRACKETED_ID = /\[(\d+-\d+)\]/g;

/**
 * Puts links' addresses into a free-text answer: each `[2-17]` that names a link becomes its URL. Ids that
 * name no link are left as written, since in free text they may be the page's own bracketed text.
 */
export function replaceLinkIdsInText(text: string, snapshot: Pick<PageSnapshot, "linkUrl">): string {
  return text.replace(BRACKETED_ID, (whole, id: string) => snapshot.linkUrl(id) ?? whole);
}
