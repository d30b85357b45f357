import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { PipeTransport } from "./pipe-transport.js";

function pipePair() {
  const toBrowser = new PassThrough();
  const fromBrowser = new PassThrough();
  const transport = new PipeTransport(toBrowser, fromBrowser);
  const received: string[] = [];
  transport.onmessage = (message) => received.push(message);
  return { toBrowser, fromBrowser, transport, received };
}

describe("PipeTransport", () => {
  it("ends each message it sends with a NUL byte", () => {
    const { toBrowser, transport } = pipePair();
    transport.send('{"id":1,"method":"Browser.getVersion"}');
    expect(toBrowser.read().toString()).toBe('{"id":1,"method":"Browser.getVersion"}\0');
  });

  it("splits what it reads on NUL bytes, across chunks and inside multi-byte characters", () => {
    const { fromBrowser, received } = pipePair();
    const bytes = Buffer.from('{"a":"é"}\0{"b":"€"}\0{"c":', "utf8");
    // Cut inside "€" (three bytes): the halves must be joined as bytes, not as text.
    const cut = bytes.indexOf(Buffer.from("€")) + 1;
    fromBrowser.write(bytes.subarray(0, cut));
    fromBrowser.write(bytes.subarray(cut));
    fromBrowser.write(Buffer.from("1}\0"));
    expect(received).toEqual(['{"a":"é"}', '{"b":"€"}', '{"c":1}']);
  });

  it("reports its end once, whether the browser closed the pipe or it was closed", async () => {
    const { fromBrowser, transport } = pipePair();
    const reasons: string[] = [];
    transport.onclose = (reason) => reasons.push(reason.message);
    fromBrowser.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    transport.close();
    expect(reasons).toEqual(["The browser's DevTools pipe closed."]);
    transport.send("ignored after the end");
  });
});
