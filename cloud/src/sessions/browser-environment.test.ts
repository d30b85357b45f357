import { describe, expect, it } from "vitest";
import { browserEnvironment, egressSwitches } from "./browser-environment.js";

describe("browserEnvironment", () => {
  it("passes what Chromium needs and nothing of the server's own", () => {
    const env = browserEnvironment(
      {
        PATH: "/usr/bin",
        LANG: "en_GB.UTF-8",
        LC_ALL: "C",
        TZ: "Europe/Paris",
        HOME: "/root",
        TMPDIR: "/var/tmp",
        LOUPE_MODEL_API_KEY: "sk-secret",
        OPENAI_API_KEY: "sk-openai",
        AWS_SECRET_ACCESS_KEY: "aws",
        NODE_OPTIONS: "--require /evil.js",
        http_proxy: "http://corp-proxy:3128",
      },
      "/tmp/loupe-session-abc",
    );
    expect(env).toEqual({
      PATH: "/usr/bin",
      LANG: "en_GB.UTF-8",
      LC_ALL: "C",
      TZ: "Europe/Paris",
      HOME: "/tmp/loupe-session-abc",
      TMPDIR: "/tmp/loupe-session-abc/tmp",
    });
  });
});

describe("egressSwitches", () => {
  it("sends everything through the proxy, loopback included, and lets the browser resolve nothing else", () => {
    expect(egressSwitches("http://127.0.0.1:4567")).toEqual(
      expect.arrayContaining([
        "--proxy-server=http://127.0.0.1:4567",
        "--proxy-bypass-list=<-loopback>",
        "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
        "--webrtc-ip-handling-policy=disable_non_proxied_udp",
      ]),
    );
  });
});
