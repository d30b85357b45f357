import type { TLSSocket } from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchTarget } from "./fetch-target.js";
import {
  expectFetchError,
  LOCALHOST_TLS,
  startHttpServer,
  startHttpsServer,
  testPolicy,
  type LoopbackServer,
} from "./loopback-servers.test.support.js";

let secure: LoopbackServer;
/** The SNI name each TLS request arrived with. */
const serverNames: (string | false | null)[] = [];

beforeAll(async () => {
  secure = await startHttpsServer((request, response) => {
    serverNames.push((request.socket as TLSSocket).servername);
    response.writeHead(200, { "content-type": "text/plain" }).end("secret garden");
  });
});

afterAll(() => secure.close());

describe("fetchTarget over TLS", () => {
  it("refuses a self-signed certificate as tls_error", async () => {
    const error = await expectFetchError(
      fetchTarget({ url: secure.url("/"), allowRedirects: false, allowInsecureSsl: false }, testPolicy()),
      "tls_error",
    );
    expect(error.message).toMatch(/allowInsecureSsl/);
  });

  it("fetches it with allowInsecureSsl", async () => {
    const result = await fetchTarget(
      { url: secure.url("/"), allowRedirects: false, allowInsecureSsl: true },
      testPolicy(),
    );
    expect(result).toMatchObject({ statusCode: 200, content: "secret garden" });
  });

  it("connects to the checked address but presents the host name as SNI", async () => {
    let lookups = 0;
    const policy = testPolicy({
      lookupHost: async () => {
        lookups++;
        return ["127.0.0.1"];
      },
    });
    serverNames.length = 0;
    const result = await fetchTarget(
      { url: `https://localhost:${secure.port}/`, allowRedirects: false, allowInsecureSsl: true },
      policy,
    );
    expect(result.content).toBe("secret garden");
    expect(serverNames).toEqual(["localhost"]);
    expect(lookups).toBe(1);
  });

  it("verifies the certificate against the host name, not the address it connected to", async () => {
    // Trusting the fixture makes verification pass for the names it covers, so a failure is the name check.
    const trusted = testPolicy({
      extraCaCertificates: [LOCALHOST_TLS.cert.toString()],
      lookupHost: async () => ["127.0.0.1"],
    });
    const request = { allowRedirects: false, allowInsecureSsl: false };
    expect(
      await fetchTarget({ ...request, url: `https://localhost:${secure.port}/` }, trusted),
    ).toMatchObject({
      content: "secret garden",
    });
    expect(await fetchTarget({ ...request, url: secure.url("/") }, trusted)).toMatchObject({
      content: "secret garden",
    });
    // Same address, a name the certificate does not cover.
    const error = await expectFetchError(
      fetchTarget({ ...request, url: `https://other.test:${secure.port}/` }, trusted),
      "tls_error",
    );
    expect(error.message).toMatch(/ERR_TLS_CERT_ALTNAME_INVALID/);
  });

  it("reports an https URL to a plain-HTTP server as tls_error", async () => {
    const plain = await startHttpServer((_request, response) => response.end("plain"));
    try {
      await expectFetchError(
        fetchTarget(
          { url: `https://127.0.0.1:${plain.port}/`, allowRedirects: false, allowInsecureSsl: false },
          testPolicy(),
        ),
        "tls_error",
      );
    } finally {
      await plain.close();
    }
  });
});
