import { realpathSync } from "node:fs";
import { resolve, sep } from "node:path";
import type { CdpMethod, CdpParams } from "@loupe/core/engine";
import type { CdpCommand } from "./cdp-client-command.js";
import type { TargetInfo } from "./cdp-router.js";

/**
 * What a key holder may ask of a hosted session's browser over its `connectUrl`. The browser is theirs to
 * drive, but it runs on the server: nothing they send may reach the server's files, another process, or
 * the network around the egress proxy. Every command is checked here before it reaches the browser.
 *
 * Domains are an allowlist (a domain Chromium adds later is refused until someone reads it); within them,
 * the methods that name a host path, a URL with a local scheme, a proxy or a port are checked or refused.
 */

/** What the checks need to know about the session. */
export interface SessionBoundary {
  /** The session's own download directory: the only place downloads land and uploads come from. */
  downloadDir: string;
  /** The browser's view of a target, when it exists. */
  targetInfo(targetId: string): TargetInfo | undefined;
}

/** The checked command, or why it is refused, or the session's end (`Browser.close`). */
export type Verdict =
  { kind: "forward"; command: CdpCommand } | { kind: "refuse"; message: string } | { kind: "end-session" };

/** A domain of the protocol core pins, like `Page`. */
type CdpDomain = DomainOf<CdpMethod>;
type DomainOf<M extends string> = M extends `${infer D}.${string}` ? D : never;

/** Domains a session's client may use: every domain of the protocol except those listed below. */
const ALLOWED_DOMAIN_NAMES = [
  "Accessibility",
  "Ads",
  "Animation",
  "Audits",
  "Autofill",
  "BackgroundService",
  "BluetoothEmulation",
  "Browser",
  "CSS",
  "CacheStorage",
  "Console",
  "CrashReportContext",
  "DOM",
  "DOMDebugger",
  "DOMSnapshot",
  "DOMStorage",
  "Debugger",
  "DeviceAccess",
  "DeviceOrientation",
  "Emulation",
  "EventBreakpoints",
  "FedCm",
  "Fetch",
  "FileSystem",
  "HeadlessExperimental",
  "HeapProfiler",
  "IO",
  "IndexedDB",
  "Input",
  "Inspector",
  "LayerTree",
  "Log",
  "Media",
  "Memory",
  "Network",
  "Overlay",
  "Page",
  "Performance",
  "PerformanceTimeline",
  "Preload",
  "Profiler",
  "Runtime",
  "Schema",
  "Security",
  "ServiceWorker",
  "SmartCardEmulation",
  "Storage",
  "Target",
  "Tracing",
  "WebAudio",
  "WebAuthn",
  "WebMCP",
] as const satisfies readonly CdpDomain[];
const ALLOWED_DOMAINS: ReadonlySet<string> = new Set(ALLOWED_DOMAIN_NAMES);

/**
 * Domains refused whole, and why: they reach past the session (`Cast` discovers devices on the server's
 * network, `Tethering` binds ports on the server, `Extensions` and `PWA` load code or files from host
 * paths, `SystemInfo` describes the server's hardware and the browser's command line).
 */
const REFUSED_DOMAINS = {
  Cast: "it discovers and drives devices on the server's network",
  Extensions: "it loads extensions from the server's disk",
  PWA: "it installs apps and opens files from the server's disk",
  SystemInfo: "it describes the server's hardware and processes",
  Tethering: "it opens ports on the server",
} satisfies Partial<Record<CdpDomain, string>>;

/**
 * Every domain of the pinned protocol is in one of the two lists: a protocol update that brings a new
 * domain fails to compile until someone has read it and put it in one (until then it is refused).
 */
type Unread = Exclude<CdpDomain, (typeof ALLOWED_DOMAIN_NAMES)[number] | keyof typeof REFUSED_DOMAINS>;
const _unread: [Unread] extends [never] ? "none" : Unread = "none";

/** Methods refused, and why. */
const REFUSED_METHODS = {
  "Target.exposeDevToolsProtocol": "it would hand the page a DevTools connection these checks do not see",
  "Target.setRemoteLocations": "it makes the browser connect to other hosts for targets",
  "Target.sendMessageToTarget": "use flat sessions (attachToTarget with flatten: true) instead",
  "Target.openDevTools": "hosted browsers have no DevTools window",
  "Browser.getBrowserCommandLine": "the browser's command line describes the server",
  "Browser.executeBrowserCommand": "it runs browser UI commands",
  "Browser.crash": "end the session with DELETE /v1/sessions/:id instead",
  "Browser.crashGpuProcess": "end the session with DELETE /v1/sessions/:id instead",
} satisfies Partial<Record<CdpMethod, string>>;

/** Schemes a browser-initiated navigation may open: the web, and local content the caller supplies. */
const NAVIGABLE_SCHEMES = new Set(["http:", "https:", "data:", "blob:"]);

/**
 * Whether a client may attach to a target: not to the browser's own UI (`browser_ui`, chrome:// pages,
 * whose scripts hold browser-side powers). A page showing a network error (`chrome-error://`) is still
 * the client's page.
 */
export function admitsTarget(target: TargetInfo): boolean {
  if (target.type === "browser_ui") return false;
  if (target.url === "" || target.url.startsWith("chrome-error:")) return true;
  return navigableUrlProblem(target.url) === undefined;
}

/** Checks one command against the session's boundary. */
export function checkCommand(command: CdpCommand, boundary: SessionBoundary): Verdict {
  const { method } = command;
  const domain = method.slice(0, method.indexOf("."));
  const refusedDomain = entryOf(REFUSED_DOMAINS, domain);
  if (refusedDomain) return refuse(method, refusedDomain);
  if (!ALLOWED_DOMAINS.has(domain))
    return refuse(method, `the ${domain || "(none)"} domain is not available on hosted sessions`);
  const refusedMethod = entryOf(REFUSED_METHODS, method);
  if (refusedMethod) return refuse(method, refusedMethod);
  const params = command.params ?? {};
  const check = entryOf<ParamCheck<CdpMethod>>(PARAM_CHECKS, method);
  if (!check) return { kind: "forward", command };
  return check(command, params, boundary);
}

/**
 * A command's params as the client sent them: the protocol's field names (so a check cannot read a
 * misspelt field and wave everything through), each value not yet checked.
 */
type Unchecked<M extends CdpMethod> = { [K in keyof CdpParams<M>]?: unknown };

type ParamCheck<M extends CdpMethod> = (
  command: CdpCommand,
  params: Unchecked<M>,
  boundary: SessionBoundary,
) => Verdict;

/** The methods whose params are checked before they are forwarded, by the protocol's method name. */
const PARAM_CHECKS: { [M in CdpMethod]?: ParamCheck<M> } = {
  "Page.navigate": (command, params) => navigation(command, params["url"], "url"),
  "Target.createTarget": (command, params) =>
    params["url"] === "" || params["url"] === undefined
      ? forward(command)
      : navigation(command, params["url"], "url"),
  "Target.attachToTarget": (command, params, boundary) => {
    const target = boundary.targetInfo(String(params["targetId"]));
    return target && !admitsTarget(target)
      ? refuse(command.method, "the target is the browser's own UI, not a page")
      : forward(command);
  },
  "Target.createBrowserContext": (command, params) =>
    params["proxyServer"] !== undefined || params["proxyBypassList"] !== undefined
      ? refuse(command.method, "a context's own proxy would bypass the session's egress policy")
      : forward(command),
  "Network.loadNetworkResource": (command, params) => webUrl(command, params["url"], "url"),
  "Fetch.continueRequest": (command, params) =>
    params["url"] === undefined ? forward(command) : webUrl(command, params["url"], "url"),
  "Network.continueInterceptedRequest": (command, params) =>
    params["url"] === undefined ? forward(command) : webUrl(command, params["url"], "url"),
  "Browser.setDownloadBehavior": (command, params, boundary) => downloads(command, params, boundary),
  "Page.setDownloadBehavior": (command, params, boundary) => downloads(command, params, boundary),
  "DOM.setFileInputFiles": (command, params, boundary) => {
    const checked = checkedFiles(command, params["files"], boundary);
    return "refused" in checked ? checked.refused : forward(command, { ...params, files: checked.files });
  },
  "Input.dispatchDragEvent": (command, params, boundary) => {
    const data = params["data"] as Record<string, unknown> | undefined;
    if (data?.["files"] === undefined) return forward(command);
    const checked = checkedFiles(command, data["files"], boundary);
    return "refused" in checked
      ? checked.refused
      : forward(command, { ...params, data: { ...data, files: checked.files } });
  },
  "Tracing.start": (command, params) =>
    params["perfettoConfig"] !== undefined ||
    (params["tracingBackend"] !== undefined &&
      params["tracingBackend"] !== "chrome" &&
      params["tracingBackend"] !== "auto")
      ? refuse(command.method, "only Chrome's own tracing backend with a traceConfig is available")
      : forward(command),
  "Browser.close": () => ({ kind: "end-session" }),
};

/** Why a URL may not be navigated to, or undefined when it may. */
function navigableUrlProblem(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `"${raw.slice(0, 100)}" is not an absolute URL`;
  }
  // Any other about: page is one of the browser's own (Chromium reads about:version as chrome://version).
  if (url.protocol === "about:")
    return url.pathname === "blank" || url.pathname === "srcdoc"
      ? undefined
      : `only about:blank is available, not ${url.href.slice(0, 100)}`;
  if (NAVIGABLE_SCHEMES.has(url.protocol)) return undefined;
  return `"${url.protocol}" URLs open the server's files or the browser's own pages; only http(s), data: and blob: URLs and about:blank are available`;
}

function navigation(command: CdpCommand, url: unknown, field: string): Verdict {
  if (typeof url !== "string") return refuse(command.method, `${field} must be a string`);
  const problem = navigableUrlProblem(url);
  return problem ? refuse(command.method, problem) : forward(command);
}

function webUrl(command: CdpCommand, url: unknown, field: string): Verdict {
  let parsed: URL | undefined;
  try {
    parsed = typeof url === "string" ? new URL(url) : undefined;
  } catch {
    parsed = undefined;
  }
  return parsed && (parsed.protocol === "http:" || parsed.protocol === "https:")
    ? forward(command)
    : refuse(command.method, `${field} must be an http(s) URL`);
}

/**
 * Downloads land in the session's own directory or nowhere: `allow` is kept with the path replaced (the
 * caller cannot know the server's paths, and must not choose them); `default` (wherever the browser
 * would put them) becomes `deny`, the session's default.
 */
function downloads(
  command: CdpCommand,
  params: Unchecked<"Browser.setDownloadBehavior" | "Page.setDownloadBehavior">,
  boundary: SessionBoundary,
): Verdict {
  const behavior = params["behavior"];
  if (behavior === "allow" || behavior === "allowAndName")
    return forward(command, { ...params, downloadPath: boundary.downloadDir });
  if (behavior === "deny" || behavior === "default") {
    const { downloadPath: _ignored, ...rest } = params;
    return forward(command, { ...rest, behavior: "deny" });
  }
  return refuse(command.method, `behavior must be "allow", "allowAndName", "deny" or "default"`);
}

/**
 * Files handed to the page must be the session's own downloads: nothing else on the server is theirs.
 * A relative path is read from the session's download directory (where `allowAndName` puts files under
 * their download GUID), since the caller cannot know the server's paths. The browser gets the real
 * absolute paths that were checked.
 */
function checkedFiles(
  command: CdpCommand,
  list: unknown,
  boundary: SessionBoundary,
): { files: string[] } | { refused: Verdict } {
  if (!Array.isArray(list) || list.some((file) => typeof file !== "string"))
    return { refused: refuse(command.method, "files must be a list of paths") };
  let root: string;
  try {
    root = realpathSync.native(boundary.downloadDir);
  } catch {
    return { refused: refuse(command.method, "the session has no download directory") };
  }
  const files: string[] = [];
  for (const file of list as string[]) {
    let real: string;
    try {
      // The real path: a link inside the directory must not lead out of it.
      real = realpathSync.native(resolve(root, file));
    } catch {
      real = "";
    }
    if (!real.startsWith(root + sep))
      return {
        refused: refuse(
          command.method,
          `"${file.slice(0, 200)}" is not a file this session downloaded; only files in the session's download directory can be handed to the page`,
        ),
      };
    files.push(real);
  }
  return { files };
}

/** A table's entry for a name the client chose: own keys only, so no name finds Object.prototype's. */
function entryOf<T>(table: Partial<Record<string, T>>, name: string): T | undefined {
  return Object.hasOwn(table, name) ? table[name] : undefined;
}

function forward(command: CdpCommand, params?: Record<string, unknown>): Verdict {
  return { kind: "forward", command: params ? { ...command, params } : command };
}

function refuse(method: string, why: string): Verdict {
  return { kind: "refuse", message: `${method} is not available on hosted sessions: ${why}.` };
}
