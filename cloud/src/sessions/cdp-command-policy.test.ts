import { mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admitsTarget, checkCommand, type SessionBoundary } from "./cdp-command-policy.js";
import type { CdpCommand } from "./cdp-client-command.js";

let dir: string;
let boundary: SessionBoundary;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "loupe-policy-test-"));
  await writeFile(join(dir, "report.txt"), "downloaded");
  // A link inside the directory that leads out of it.
  await symlink("/etc/passwd", join(dir, "escape"));
  boundary = {
    downloadDir: dir,
    targetInfo: (targetId) =>
      targetId === "UI"
        ? { targetId, type: "browser_ui", url: "chrome://omnibox-popup.top-chrome/" }
        : targetId === "PAGE"
          ? { targetId, type: "page", url: "https://example.com/" }
          : undefined,
  };
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function check(method: string, params: Record<string, unknown> = {}) {
  const command: CdpCommand = { id: 1, method, params };
  return checkCommand(command, boundary);
}

function refusal(method: string, params: Record<string, unknown> = {}): string {
  const verdict = check(method, params);
  if (verdict.kind !== "refuse") throw new Error(`${method} was not refused: ${JSON.stringify(verdict)}`);
  return verdict.message;
}

function forwarded(method: string, params: Record<string, unknown> = {}): Record<string, unknown> {
  const verdict = check(method, params);
  if (verdict.kind !== "forward") throw new Error(`${method} was not forwarded: ${JSON.stringify(verdict)}`);
  return verdict.command.params ?? {};
}

describe("checkCommand", () => {
  it("forwards everyday commands untouched", () => {
    for (const method of [
      "Runtime.evaluate",
      "Page.enable",
      "Network.enable",
      "DOM.getDocument",
      "Target.setAutoAttach",
    ])
      expect(check(method, { x: 1 })).toEqual({
        kind: "forward",
        command: { id: 1, method, params: { x: 1 } },
      });
  });

  it("navigates to the web and to local content the caller supplies", () => {
    for (const url of [
      "https://example.com/",
      "http://10.0.0.1/",
      "data:text/html,<h1>x</h1>",
      "about:blank",
      "about:blank#top",
    ])
      expect(check("Page.navigate", { url }).kind).toBe("forward");
    expect(check("Target.createTarget", { url: "" }).kind).toBe("forward");
    expect(check("Target.createTarget", {}).kind).toBe("forward");
  });

  it.each([
    "file:///etc/passwd",
    "FILE:///etc/passwd",
    "  file:///etc/passwd",
    "fi\tle:///etc/passwd",
    "chrome://version",
    "chrome-untrusted://x",
    "devtools://devtools/bundled/inspector.html",
    "view-source:https://example.com",
    "filesystem:https://example.com/temporary/x",
    "about:version",
    "javascript:alert(1)",
    "/etc/passwd",
  ])("refuses a navigation to %s, by Page.navigate and by Target.createTarget", (url) => {
    expect(refusal("Page.navigate", { url })).toMatch(
      /^Page\.navigate is not available on hosted sessions: /,
    );
    expect(refusal("Target.createTarget", { url })).toMatch(/^Target\.createTarget is not available/);
  });

  it("refuses whole domains that reach past the session, and domains it does not know", () => {
    expect(refusal("SystemInfo.getProcessInfo")).toMatch(/server's hardware/);
    expect(refusal("Tethering.bind", { port: 22 })).toMatch(/opens ports on the server/);
    expect(refusal("Extensions.loadUnpacked", { path: "/tmp/x" })).toMatch(/server's disk/);
    expect(refusal("PWA.install", { manifestId: "x" })).toMatch(/server's disk/);
    expect(refusal("Cast.enable")).toMatch(/server's network/);
    expect(refusal("Future.method")).toMatch(/the Future domain is not available/);
    expect(refusal("nodomain")).toMatch(/domain is not available/);
  });

  it("reads names off Object.prototype as names it does not know", () => {
    expect(refusal("constructor.x")).toMatch(/the constructor domain is not available/);
    expect(refusal("__proto__.x")).toMatch(/the __proto__ domain is not available/);
    expect(forwarded("Page.constructor", { x: 1 })).toEqual({ x: 1 });
    expect(forwarded("Page.__proto__", { x: 1 })).toEqual({ x: 1 });
  });

  it("answers Browser.close by ending the session", () => {
    expect(check("Browser.close")).toEqual({ kind: "end-session" });
    expect(refusal("Browser.crash")).toMatch(/DELETE \/v1\/sessions\/:id/);
  });

  it("forces allowed downloads into the session's directory and turns the browser's default into deny", () => {
    expect(
      forwarded("Browser.setDownloadBehavior", {
        behavior: "allowAndName",
        downloadPath: "/etc",
        eventsEnabled: true,
      }),
    ).toEqual({ behavior: "allowAndName", downloadPath: dir, eventsEnabled: true });
    expect(forwarded("Page.setDownloadBehavior", { behavior: "allow" })).toEqual({
      behavior: "allow",
      downloadPath: dir,
    });
    expect(forwarded("Browser.setDownloadBehavior", { behavior: "default", downloadPath: "/etc" })).toEqual({
      behavior: "deny",
    });
    expect(refusal("Browser.setDownloadBehavior", { behavior: "sideways" })).toMatch(/behavior must be/);
  });

  it("hands the page only files of the session's download directory, by their real paths", () => {
    expect(forwarded("DOM.setFileInputFiles", { files: ["report.txt"], nodeId: 3 })).toEqual({
      files: [join(dir, "report.txt")],
      nodeId: 3,
    });
    for (const file of ["/etc/passwd", "../../etc/passwd", "escape", "missing.txt", dir])
      expect(refusal("DOM.setFileInputFiles", { files: [file] })).toMatch(
        /is not a file this session downloaded/,
      );
    expect(refusal("DOM.setFileInputFiles", { files: "report.txt" })).toMatch(/list of paths/);
    expect(
      refusal("Input.dispatchDragEvent", { type: "drop", data: { items: [], files: ["/etc/passwd"] } }),
    ).toMatch(/not a file this session downloaded/);
    expect(check("Input.dispatchDragEvent", { type: "drop", data: { items: [] } }).kind).toBe("forward");
  });

  it("refuses a browser context with a proxy of its own", () => {
    expect(refusal("Target.createBrowserContext", { proxyServer: "direct://" })).toMatch(/egress policy/);
    expect(refusal("Target.createBrowserContext", { proxyBypassList: "<-loopback>" })).toMatch(
      /egress policy/,
    );
    expect(check("Target.createBrowserContext", { disposeOnDetach: true }).kind).toBe("forward");
  });

  it("keeps request interception and resource loading on http(s)", () => {
    expect(refusal("Fetch.continueRequest", { requestId: "1", url: "file:///etc/passwd" })).toMatch(
      /http\(s\) URL/,
    );
    expect(check("Fetch.continueRequest", { requestId: "1", url: "https://example.com/" }).kind).toBe(
      "forward",
    );
    expect(check("Fetch.continueRequest", { requestId: "1" }).kind).toBe("forward");
    expect(refusal("Network.loadNetworkResource", { url: "file:///etc/passwd" })).toMatch(/http\(s\) URL/);
  });

  it("allows Chrome's own tracing only", () => {
    expect(check("Tracing.start", { traceConfig: { includedCategories: ["devtools"] } }).kind).toBe(
      "forward",
    );
    expect(refusal("Tracing.start", { perfettoConfig: "AAAA" })).toMatch(/Chrome's own tracing/);
    expect(refusal("Tracing.start", { tracingBackend: "system" })).toMatch(/Chrome's own tracing/);
  });

  it("refuses to attach to the browser's own UI", () => {
    expect(refusal("Target.attachToTarget", { targetId: "UI", flatten: true })).toMatch(/browser's own UI/);
    expect(check("Target.attachToTarget", { targetId: "PAGE", flatten: true }).kind).toBe("forward");
    // An unknown target is the browser's to refuse.
    expect(check("Target.attachToTarget", { targetId: "GONE", flatten: true }).kind).toBe("forward");
  });
});

describe("admitsTarget", () => {
  it("admits pages, frames and workers on web URLs; not the browser's UI", () => {
    expect(admitsTarget({ targetId: "a", type: "page", url: "about:blank" })).toBe(true);
    expect(admitsTarget({ targetId: "a", type: "iframe", url: "https://x.example/" })).toBe(true);
    expect(admitsTarget({ targetId: "a", type: "service_worker", url: "https://x.example/sw.js" })).toBe(
      true,
    );
    expect(admitsTarget({ targetId: "a", type: "page", url: "" })).toBe(true);
    expect(admitsTarget({ targetId: "a", type: "page", url: "chrome-error://chromewebdata/" })).toBe(true);
    expect(
      admitsTarget({ targetId: "a", type: "browser_ui", url: "chrome://omnibox-popup.top-chrome/" }),
    ).toBe(false);
    expect(admitsTarget({ targetId: "a", type: "page", url: "chrome://newtab/" })).toBe(false);
  });
});
