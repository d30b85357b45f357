/**
 * Hosted sessions obey the fetch egress policy: a real server without `allowPrivateNetwork`, a real
 * Chromium per session driven through the real `connectUrl`, and loopback servers standing for "the
 * internet" (vouched for by the `isPublicAddress` test hook, by port) and for the private network an
 * attacker aims at (the harness's target site: it must never see a connection).
 *
 * Only loopback is ever contacted: every forbidden address is refused by the session's egress proxy
 * before it connects (the off-machine ones, 10.0.0.1 and 169.254.169.254, by their classification alone).
 */
import dgram from "node:dgram";
import { lookup } from "node:dns/promises";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CdpCommandError, CdpConnection, type CdpMethod } from "@loupe/core/engine";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { WebSocketServer } from "ws";
import { processTree } from "../bench/sessions/process-memory.js";
import { startCloudHarness, type CloudHarness } from "./support/cloud-harness.js";
import { listeningPorts } from "./support/listening-ports.js";
import { connectSession, createSession, type CreatedSession } from "./support/session-harness.js";

const DOWNLOADED = "the content of a file the page offers";

/** "The internet": pages, a redirector, a download and a websocket echo, on loopback. */
async function startPublicSite(): Promise<{
  port: number;
  url(path: string): string;
  close(): Promise<void>;
}> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://x");
    const to = url.searchParams.get("to");
    if (url.pathname === "/redirect" && to) response.writeHead(302, { location: to }).end();
    else if (url.pathname === "/download")
      response
        .writeHead(200, {
          "content-type": "application/octet-stream",
          "content-disposition": 'attachment; filename="report.txt"',
        })
        .end(DOWNLOADED);
    else if (url.pathname === "/upload")
      response
        .writeHead(200, { "content-type": "text/html" })
        .end('<title>Upload</title><input type="file" id="file">');
    else
      response
        .writeHead(200, { "content-type": "text/html" })
        .end("<title>Public</title><h1>public page</h1>");
  });
  const websockets = new WebSocketServer({ server });
  websockets.on("connection", (socket) =>
    socket.on("message", (data) => socket.send(`echo ${String(data)}`)),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    async close() {
      for (const client of websockets.clients) client.terminate();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

let h: CloudHarness;
let site: Awaited<ReturnType<typeof startPublicSite>>;
let session: CreatedSession;
let page: Page;
let closeBrowser: () => Promise<void>;
const SECRET = "loupe-test-secret-that-the-browser-must-not-inherit";

beforeAll(async () => {
  site = await startPublicSite();
  process.env["LOUPE_EGRESS_TEST_SECRET"] = SECRET;
  h = await startCloudHarness({
    server: {
      allowPrivateNetwork: false,
      fetchPolicy: {
        isPublicAddress: (_address, port) => port === site.port,
        // A resolver hook: one name for the public site, one that resolves to loopback (the attacker's).
        lookupHost: async (name) => {
          if (name === "public.test" || name === "internal.test") return ["127.0.0.1"];
          return (await lookup(name, { all: true })).map((entry) => entry.address);
        },
      },
    },
    routes: {
      "/": (_req, res) => res.writeHead(200, { "content-type": "text/plain" }).end("internal secrets"),
    },
  });
  session = await createSession(h);
  const connected = await connectSession(session, h.apiKey);
  page = connected.page;
  closeBrowser = () => connected.browser.close();
});

afterAll(async () => {
  delete process.env["LOUPE_EGRESS_TEST_SECRET"];
  await closeBrowser?.();
  await h?.close();
  await site?.close();
});

/** A raw CDP connection to the session, as any CDP client would open it. */
function rawCdp(): Promise<CdpConnection> {
  return CdpConnection.connect(session.connectUrl, { headers: { authorization: `Bearer ${h.apiKey}` } });
}

describe("what a session's browser may reach", () => {
  it("loads a public target, by address and by a name that resolves to it", async () => {
    for (const url of [site.url("/"), `http://public.test:${site.port}/`]) {
      const response = await page.goto(url);
      expect(response?.status()).toBe(200);
      expect(await page.textContent("h1")).toBe("public page");
    }
  });

  const T = "TARGET";
  it.each([
    [`http://127.0.0.1:${T}/`, /127\.0\.0\.1 is a loopback address/],
    [`http://localhost:${T}/`, /localhost resolves to .*(loopback|outside IPv6 global unicast)/],
    [`http://[::1]:${T}/`, /::1 is outside IPv6 global unicast/],
    [`http://[::ffff:127.0.0.1]:${T}/`, /IPv4-mapped form of 127\.0\.0\.1/],
    [`http://[::127.0.0.1]:${T}/`, /IPv4-compatible address \(::\/96, here ::127\.0\.0\.1\)/],
    ["http://[::8.8.8.8]/", /IPv4-compatible address \(::\/96, here ::8\.8\.8\.8\)/],
    ["http://10.0.0.1/", /private network address/],
    ["http://169.254.169.254/latest/meta-data/", /link-local address .*metadata/],
    [`http://internal.test:${T}/`, /internal\.test resolves to 127\.0\.0\.1, which is a loopback address/],
    [`REDIRECT http://127.0.0.1:${T}/`, /127\.0\.0\.1 is a loopback address/],
  ])("refuses %s at the egress proxy; the target sees nothing", async (spelling, reason) => {
    const target = spelling.replaceAll(T, String(h.target.port));
    const url = target.startsWith("REDIRECT ")
      ? site.url(`/redirect?to=${encodeURIComponent(target.slice("REDIRECT ".length))}`)
      : target;
    // A page of its own: a refused navigation must not leave the next case's page mid-navigation.
    const fresh = await page.context().newPage();
    try {
      const response = await fresh.goto(url);
      expect(response?.status()).toBe(403);
      const text = (await response?.text()) ?? "";
      expect(text).toMatch(/^Loupe Cloud refused /);
      expect(text).toMatch(reason);
      expect(h.target.connections).toBe(0);
    } finally {
      await fresh.close();
    }
  });

  it("tunnels WebSockets to public targets only", async () => {
    await page.goto(site.url("/"));
    // Page scripts as text: this file is type-checked for Node, not for the DOM.
    const open = (url: string) =>
      page.evaluate<string>(`new Promise((resolve) => {
        const socket = new WebSocket(${JSON.stringify(url)});
        socket.onopen = () => socket.send("hi");
        socket.onmessage = (event) => resolve(String(event.data));
        socket.onerror = () => resolve("error");
      })`);
    expect(await open(`ws://127.0.0.1:${site.port}/`)).toBe("echo hi");
    expect(await open(`ws://127.0.0.1:${h.target.port}/`)).toBe("error");
    expect(h.target.connections).toBe(0);
  });

  it("sends no UDP around the proxy: WebRTC and WebTransport to a loopback listener send it nothing", async () => {
    const stun = dgram.createSocket("udp4");
    let datagrams = 0;
    stun.on("message", () => datagrams++);
    await new Promise<void>((resolve) => stun.bind(0, "127.0.0.1", resolve));
    try {
      await page.goto(site.url("/"));
      await page.evaluate(`(async () => {
        const connection = new RTCPeerConnection({ iceServers: [{ urls: "stun:127.0.0.1:${stun.address().port}" }] });
        connection.createDataChannel("x");
        await connection.setLocalDescription(await connection.createOffer());
        await new Promise((resolve) => setTimeout(resolve, 1500));
        connection.close();
      })()`);
      // HTTP/3 over UDP, which an HTTP proxy cannot carry: it must fail, not go direct.
      const transport = await page.evaluate<string>(`(async () => {
        try {
          const transport = new WebTransport("https://127.0.0.1:${stun.address().port}/");
          await Promise.race([transport.ready, new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), 3000))]);
          return "ready";
        } catch (error) {
          return String(error);
        }
      })()`);
      expect(transport).not.toBe("ready");
      expect(datagrams).toBe(0);
    } finally {
      stun.close();
    }
  });

  it("refuses file:, chrome: and other local schemes, however the navigation is asked for", async () => {
    for (const url of [
      "file:///etc/passwd",
      "chrome://version",
      "view-source:file:///etc/passwd",
      "about:version",
    ]) {
      await expect(page.goto(url)).rejects.toThrow(/Page\.navigate is not available on hosted sessions/);
    }
    const cdp = await rawCdp();
    try {
      await expect(cdp.send("Target.createTarget", { url: "file:///etc/passwd" })).rejects.toThrow(
        /Target\.createTarget is not available on hosted sessions: "file:" URLs/,
      );
      // The page itself (or a window it opens) cannot go there either: Chromium refuses a web page's
      // navigation to a local scheme.
      await page.goto(site.url("/"));
      const opened = await page.evaluate<{ here: string }>(`(async () => {
        window.open("file:///etc/passwd");
        location.href = "file:///etc/passwd";
        await new Promise((resolve) => setTimeout(resolve, 500));
        return { here: location.href };
      })()`);
      expect(opened.here).toMatch(/^http:/);
      const { targetInfos } = await cdp.send("Target.getTargets");
      expect(targetInfos.filter((target) => target.url.startsWith("file:"))).toEqual([]);
    } finally {
      cdp.close();
    }
  });

  it("has no DevTools port: another session's browser and its /json/list cannot be reached", async () => {
    const other = await createSession(h);
    try {
      const pids = processTree(h.server.sessions.browserPid(other.id)!);
      const ports = listeningPorts(pids);
      expect(ports).toEqual([]);
      // Were there one, this session's page could not load it either.
      for (const port of ports) {
        const response = await page.goto(`http://127.0.0.1:${port}/json/list`);
        expect(response?.status()).toBe(403);
      }
    } finally {
      await h.api("DELETE", `/v1/sessions/${other.id}`);
    }
  });

  it("starts the browser without the server's environment: no LOUPE_* variable, HOME is the session's", async () => {
    const environ = await readFile(`/proc/${h.server.sessions.browserPid(session.id)}/environ`, "utf8");
    const variables = environ.split("\0");
    expect(environ).not.toContain(SECRET);
    expect(variables.filter((entry) => entry.startsWith("LOUPE_"))).toEqual([]);
    expect(variables.find((entry) => entry.startsWith("HOME="))).toMatch(/^HOME=.*loupe-session-/);
  });
});

describe("what a session's client may ask of the browser", () => {
  it("lands downloads in the session's own directory, whatever path the client names", async () => {
    const elsewhere = await mkdtemp(join(tmpdir(), "loupe-download-target-"));
    const cdp = await rawCdp();
    try {
      const progress: { guid: string; state: string }[] = [];
      cdp.on("Browser.downloadProgress", (params) =>
        progress.push(params as { guid: string; state: string }),
      );
      await cdp.send("Browser.setDownloadBehavior", {
        behavior: "allowAndName",
        downloadPath: elsewhere,
        eventsEnabled: true,
      });
      await page.goto(site.url("/upload"));
      await page.evaluate(`(() => {
        const link = document.createElement("a");
        link.href = ${JSON.stringify(site.url("/download"))};
        link.download = "report.txt";
        document.body.append(link);
        link.click();
      })()`);
      await vi.waitFor(() => expect(progress.map((event) => event.state)).toContain("completed"), {
        timeout: 15_000,
      });
      expect(await readdir(elsewhere)).toEqual([]);

      // The downloaded file (named by its GUID in the session's directory) can be handed to the page;
      // a file of the server cannot.
      const { guid } = progress.find((event) => event.state === "completed")!;
      const { targetInfos } = await cdp.send("Target.getTargets");
      const target = targetInfos.find((info) => info.url.endsWith("/upload"))!;
      const { sessionId } = await cdp.send("Target.attachToTarget", {
        targetId: target.targetId,
        flatten: true,
      });
      const { root } = await cdp.sendTo(sessionId, "DOM.getDocument", {});
      const { nodeId } = await cdp.sendTo(sessionId, "DOM.querySelector", {
        nodeId: root.nodeId,
        selector: "#file",
      });
      await expect(
        cdp.sendTo(sessionId, "DOM.setFileInputFiles", { nodeId, files: ["/etc/passwd"] }),
      ).rejects.toThrow(/"\/etc\/passwd" is not a file this session downloaded/);
      await cdp.sendTo(sessionId, "DOM.setFileInputFiles", { nodeId, files: [guid] });
      const content = await page.evaluate<string>(`document.getElementById("file").files[0].text()`);
      expect(content).toBe(DOWNLOADED);
    } finally {
      cdp.close();
      await rm(elsewhere, { recursive: true, force: true });
    }
  });

  it.each([
    ["SystemInfo.getInfo", {}, /SystemInfo\.getInfo is not available.*server's hardware/],
    ["Browser.getBrowserCommandLine", {}, /describes the server/],
    ["Target.exposeDevToolsProtocol", { targetId: "x" }, /DevTools connection these checks do not see/],
    ["Target.setRemoteLocations", { locations: [{ host: "127.0.0.1", port: 1 }] }, /connect to other hosts/],
    ["Target.createBrowserContext", { proxyServer: "direct://" }, /bypass the session's egress policy/],
    ["Tethering.bind", { port: 9 }, /opens ports on the server/],
    [
      "Network.loadNetworkResource",
      { url: "file:///etc/passwd", frameId: "x", options: {} },
      /http\(s\) URL/,
    ],
  ])("refuses %s", async (method, params, message) => {
    const cdp = await rawCdp();
    try {
      // Names and parameters the protocol's types may not know: the proxy must refuse them either way.
      const error = await cdp.send(method as CdpMethod, params as never).then(
        () => undefined,
        (reason: unknown) => reason,
      );
      expect(error).toBeInstanceOf(CdpCommandError);
      expect((error as Error).message).toMatch(message);
    } finally {
      cdp.close();
    }
  });

  it("cannot attach to the browser's own UI targets", async () => {
    const cdp = await rawCdp();
    try {
      const { targetInfos } = await cdp.send("Target.getTargets");
      const ui = targetInfos.filter((target) => target.type === "browser_ui");
      for (const target of ui)
        await expect(
          cdp.send("Target.attachToTarget", { targetId: target.targetId, flatten: true }),
        ).rejects.toThrow(/browser's own UI/);
    } finally {
      cdp.close();
    }
  });
});
