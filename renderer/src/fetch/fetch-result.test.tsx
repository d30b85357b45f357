import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { StudioResult } from "@loupe/studio/common";
import { FetchResult } from "./fetch-result.js";

const fetched = (content: string): StudioResult<"fetch.run"> => ({
  id: "ftc_1",
  content,
  contentType: "text/html; charset=utf-8",
  encoding: "utf-8",
  headers: { "content-type": "text/html; charset=utf-8" },
  statusCode: 200,
  ms: 12,
  historyId: "run_1",
});

describe("FetchResult", () => {
  it("says why a markdown fetch came back empty, and what to do instead", () => {
    const html = renderToStaticMarkup(<FetchResult result={fetched("\n")} format="markdown" />);
    expect(html).toContain("No readable content in this page");
    expect(html).toContain("Open it in a page tab");
  });

  it("shows empty raw content as it is, without the markdown note", () => {
    const html = renderToStaticMarkup(<FetchResult result={fetched("")} format="raw" />);
    expect(html).not.toContain("No readable content");
    expect(html).toContain('aria-label="Raw content"');
  });
});
