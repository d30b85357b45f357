import type { IncomingMessage, ServerResponse } from "node:http";
import serveStatic from "serve-static";

/** Answers one request from the built renderer; `headers` go on every answer, errors included. */
export type StaticFiles = (
  request: IncomingMessage,
  response: ServerResponse,
  headers: Record<string, string>,
) => void;

const STATUS_TEXT: Record<number, string> = {
  400: "Malformed path",
  403: "Forbidden",
  404: "Not found",
};

/**
 * Serves the built renderer from `root` with `serve-static` (the `send` engine Express uses): GET and
 * HEAD only (405 otherwise), nothing outside `root` (403), no dotfiles and no directory listing (404), a
 * path that is not valid percent-encoding is a 400, a file that vanishes mid-request a 404 — never a
 * thrown error. Every answer is `nosniff`; the HTML is never cached, so a new token flow or policy
 * reaches the next load.
 */
export function createStaticFiles(root: string): StaticFiles {
  const options: serveStatic.ServeStaticOptions & { highWaterMark: number } = {
    index: ["index.html"],
    dotfiles: "ignore",
    redirect: false,
    fallthrough: false,
    // The UI needs no partial content; one less request parser on a port every local page can reach.
    acceptRanges: false,
    cacheControl: false,
    // `send` hands its options to fs.createReadStream. Its 64 KiB default chunks load the 13 MB UI 1.3 to 2x
    // slower than reading whole files; 1 MiB chunks match that speed and still bound the memory one
    // slow client holds (whole-file reads held the 7 MB TypeScript worker once per request).
    highWaterMark: 1 << 20,
    setHeaders: (response, path) => {
      response.setHeader("cache-control", path.endsWith(".html") ? "no-store" : "max-age=3600");
    },
  };
  const serve = serveStatic(root, options);
  return (request, response, headers) => {
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    response.setHeader("x-content-type-options", "nosniff");
    serve(request, response, (error?: { statusCode?: number; status?: number }) => {
      if (response.headersSent) {
        response.destroy();
        return;
      }
      // `send` sets status and Allow itself for a 405 and ends the answer without calling back.
      const status = error?.statusCode ?? error?.status ?? 404;
      response
        .writeHead(status in STATUS_TEXT ? status : 500, { "content-type": "text/plain; charset=utf-8" })
        .end(STATUS_TEXT[status] ?? "Could not read the file");
    });
  };
}
