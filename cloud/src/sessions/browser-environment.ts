/**
 * What a session's browser is started with: an environment with none of the server's secrets, and the
 * switches that send all its traffic through the session's egress proxy.
 */

/** Variables the browser (and Debian's `chromium` launcher script) needs, passed on when set. */
const PASSED_VARIABLES = [
  "PATH",
  "LANG",
  "LANGUAGE",
  "TZ",
  "FONTCONFIG_PATH",
  "FONTCONFIG_FILE",
  "CHROME_DEVEL_SANDBOX",
  // A browser started with `headless: false` needs a display.
  "DISPLAY",
  "WAYLAND_DISPLAY",
  "XAUTHORITY",
];

/**
 * The browser's whole environment: an allowlist of what Chromium needs, never the server's own
 * variables (`LOUPE_*`, provider keys, cloud credentials — a page cannot read the environment, but a
 * browser exploit or a crash dump could). `HOME` and `TMPDIR` are the session's directory, so whatever
 * the browser writes by default (downloads, caches, temporary files) stays in it.
 */
export function browserEnvironment(serverEnv: NodeJS.ProcessEnv, sessionDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(serverEnv)) {
    if (value !== undefined && (PASSED_VARIABLES.includes(name) || name.startsWith("LC_"))) env[name] = value;
  }
  env["HOME"] = sessionDir;
  env["TMPDIR"] = `${sessionDir}/tmp`;
  return env;
}

/**
 * Switches that keep the browser's traffic inside the egress policy. All requests go to the proxy, and
 * Chromium's implicit bypass of loopback and link-local hosts (`localhost`, 127.0.0.1, [::1],
 * 169.254/16) is removed with `<-loopback>`, so no host is reached directly. The browser resolves no name
 * itself (the proxy does, once, and checks the addresses): every lookup but the proxy's own literal
 * fails. WebRTC may only use UDP it can proxy, which is none (its TCP goes through the proxy); QUIC is
 * off, and WebTransport, which a proxy cannot carry, fails.
 */
export function egressSwitches(proxyUrl: string): string[] {
  const proxyHost = new URL(proxyUrl).hostname;
  return [
    `--proxy-server=${proxyUrl}`,
    "--proxy-bypass-list=<-loopback>",
    `--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE ${proxyHost}`,
    "--webrtc-ip-handling-policy=disable_non_proxied_udp",
    "--disable-quic",
    // Cast and DIAL discovery speak multicast on the server's network.
    "--disable-features=MediaRouter,DialMediaRouteProvider",
  ];
}
