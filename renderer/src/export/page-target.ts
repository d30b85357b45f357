/**
 * Where an exported program opens its page: the page's own address, or — for the demo shop, which the
 * Studio serves on a port of this launch only — the path on a demo shop the program starts itself with
 * `@loupe/core/demo`, so the program runs as it is after the Studio is gone.
 */
export type PageTarget = { kind: "url"; url: string } | { kind: "demo"; path: string };

/** The target for `url`, given the Studio's demo shop address (`app.info`'s `demoUrl`). */
export function pageTarget(url: string, demoUrl: string | undefined): PageTarget {
  const page = parse(url);
  const demo = demoUrl ? parse(demoUrl) : undefined;
  if (page && demo && page.origin === demo.origin)
    return { kind: "demo", path: `${page.pathname}${page.search}${page.hash}` };
  return { kind: "url", url };
}

/** Whether `url` is on the Studio's demo shop (which a server elsewhere cannot reach). */
export function isDemoUrl(url: string, demoUrl: string | undefined): boolean {
  return pageTarget(url, demoUrl).kind === "demo";
}

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}
