import { unknownPageError } from "./page-sessions.js";

/** The CDP surface the three supported libraries share for a page session. */
interface LibraryCdpSession {
  send(method: "Target.getTargetInfo"): Promise<{ targetInfo: { targetId: string } }>;
  detach(): Promise<void>;
}

/** A Playwright or Patchright `Page`: its context opens CDP sessions. */
interface PlaywrightLikePage {
  context(): { newCDPSession(page: unknown): Promise<LibraryCdpSession> };
}

/** A Puppeteer `Page`: it opens CDP sessions itself. */
interface PuppeteerLikePage {
  createCDPSession(): Promise<LibraryCdpSession>;
}

/** Any page object Loupe accepts: Playwright, Patchright or Puppeteer. */
export type AnyPage = PlaywrightLikePage | PuppeteerLikePage;

/**
 * Each library page's target id, looked up once. A WeakMap on purpose, unlike the per-page state kept on
 * `PageSessions`: the key is the library's own page object, which Loupe neither owns nor can hang state
 * on, and which may be asked about before any of Loupe's registries has sessions for it (or from several
 * of them: the id is the browser's, the same on every connection). The entry goes when the page object
 * does.
 */
const targetIds = new WeakMap<object, Promise<string>>();

/**
 * The browser target id behind a page of any supported library, found by asking the library for a CDP
 * session once. Loupe then drives the target over its own connection, which is what makes the snapshot
 * engine library-agnostic.
 */
export function targetIdOf(page: unknown): Promise<string> {
  if (typeof page !== "object" || page === null)
    return Promise.reject(unknownPageError("it is not an object"));
  let id = targetIds.get(page);
  if (!id) {
    id = lookUpTargetId(page);
    targetIds.set(page, id);
    id.catch(() => targetIds.delete(page));
  }
  return id;
}

async function lookUpTargetId(page: object): Promise<string> {
  if (!isPlaywrightLike(page) && !isPuppeteerLike(page))
    throw unknownPageError("it is neither a Playwright/Patchright page nor a Puppeteer page");
  let session: LibraryCdpSession;
  try {
    session = isPlaywrightLike(page)
      ? await page.context().newCDPSession(page)
      : await page.createCDPSession();
  } catch (error) {
    // The library's own error (a closed page, a disconnected browser) says nothing about Loupe's option.
    throw Object.assign(
      unknownPageError(
        `its library could not open a DevTools session for it (${error instanceof Error ? error.message.split("\n")[0] : String(error)}); it may be closed`,
      ),
      { cause: error },
    );
  }
  try {
    const { targetInfo } = await session.send("Target.getTargetInfo");
    return targetInfo.targetId;
  } finally {
    await session.detach().catch(() => {});
  }
}

/**
 * As `targetIdOf`, refusing a page its library reports closed: a closed page's target id may still be
 * cached, and using it would fail with a bare protocol error.
 */
export function openTargetIdOf(page: unknown): Promise<string> {
  if (isClosedPage(page)) return Promise.reject(unknownPageError("it is closed"));
  return targetIdOf(page);
}

/** Playwright, Patchright and Puppeteer pages all answer `isClosed()`. */
function isClosedPage(page: unknown): boolean {
  if (typeof page !== "object" || page === null || !("isClosed" in page)) return false;
  return typeof page.isClosed === "function" && (page.isClosed as () => unknown).call(page) === true;
}

function isPlaywrightLike(page: object): page is PlaywrightLikePage {
  return "context" in page && typeof page.context === "function" && "mainFrame" in page;
}

function isPuppeteerLike(page: object): page is PuppeteerLikePage {
  return "createCDPSession" in page && typeof page.createCDPSession === "function";
}
