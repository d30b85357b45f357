import type { BrowserContext, Page } from "playwright-core";
import { ClientError } from "../errors.js";

/**
 * Which page the Client's calls default to: the most recently opened one still open, in Playwright's
 * terms (the Page a user holds). Loupe's CDP sessions for pages are kept apart, in `PageTargets`.
 */
export class ActivePage {
  private readonly order: Page[] = [];

  /** Follows the context's pages from now on. */
  constructor(context: BrowserContext) {
    for (const page of context.pages()) this.track(page);
    context.on("page", (page) => this.track(page));
  }

  /** The most recently opened page that is still open. */
  get(): Page {
    const page = this.order.at(-1);
    if (!page)
      throw new ClientError("The browser has no open page. Open one with `await client.context.newPage()`.");
    return page;
  }

  private track(page: Page): void {
    this.order.push(page);
    page.once("close", () => {
      const index = this.order.indexOf(page);
      if (index >= 0) this.order.splice(index, 1);
    });
  }
}
