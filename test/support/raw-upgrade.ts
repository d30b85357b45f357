/** A WebSocket handshake sent by hand, to see how a server answers one it should refuse. */
import { request } from "node:http";

/**
 * Sends a WebSocket upgrade request to `url` (`ws:` or `http:`) with `headers`, and answers the status
 * line of what came back, with the body of a refusal after a blank line (`HTTP/1.1 401 Unauthorized`
 * and its JSON). An accepted upgrade answers `HTTP/1.1 101 Switching Protocols` and is closed.
 */
export function rawUpgrade(url: string, headers: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(url.replace(/^ws/, "http"), {
      headers: {
        ...headers,
        connection: "Upgrade",
        upgrade: "websocket",
        "sec-websocket-version": "13",
        "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
      },
    });
    req.on("upgrade", (res, socket) => {
      socket.destroy();
      resolve(`HTTP/1.1 ${res.statusCode} ${res.statusMessage}`);
    });
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve(`HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n\r\n${body}`));
    });
    req.on("error", reject);
    req.end();
  });
}
