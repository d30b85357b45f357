/**
 * Hostile HTTP exchanges for the server fuzz test: malformed percent-encoding, broken request lines and
 * headers, oversized headers and URLs, bad JSON, wrong methods, upgrades on every route followed by
 * broken WebSocket frames, truncated bodies, pipelined garbage and resets at random points. Drawn from a
 * seeded generator, so a failing run can be replayed from the seed it prints.
 */
import { upgradeRequest, type RawClientOptions } from "./raw-http.js";

/** One hostile exchange: its family (for the figures), what to send and how the client behaves. */
export interface FuzzCase {
  family: FuzzFamily;
  chunks: (string | Buffer)[];
  options: RawClientOptions;
}

/** The kinds of hostility the fuzzer draws from, one generator each. */
export type FuzzFamily =
  | "percent-encoding"
  | "request-line"
  | "headers"
  | "oversized"
  | "bad-json"
  | "wrong-method"
  | "upgrade"
  | "websocket-frames"
  | "truncated-body"
  | "reset"
  | "pipelined";

/** What the fuzzer knows of a server's surface. */
export interface FuzzSurface {
  /** The Host header the server accepts. */
  host: string;
  /** Its routes (and some it does not have), with `{x}` where a hostile path segment goes. */
  routes: string[];
  /** Routes that take a JSON body by POST. */
  jsonRoutes: string[];
  /** Header lines that authenticate (the real credentials) and some that do not. */
  credentials: string[][];
  /** Where its WebSockets are (query included), for upgrades followed by frames. */
  sockets: string[];
  /** The largest request body it accepts, to send one just past it. */
  maxBodyBytes: number;
}

/** A deterministic stream of choices (mulberry32). */
export class FuzzRandom {
  constructor(private state: number) {}

  /** A number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  bytes(n: number): Buffer {
    return Buffer.from(Array.from({ length: n }, () => this.int(256)));
  }
}

const HOSTILE_SEGMENTS = [
  "%",
  "%f",
  "%ff",
  "%FF%FE",
  "%c0%ae%c0%ae",
  "%e2%82",
  "%00",
  "%0d%0aSet-Cookie:%20x=1",
  "..%2f..%2f..%2fetc%2fpasswd",
  "%2e%2e/%2e%2e/etc/passwd",
  "%u0041",
  "%%32%65",
  "%zz",
  "a%",
  "%e0%80%80",
  "%ed%a0%80",
];

const BAD_REQUEST_LINES = [
  "GET",
  "GET /",
  "GET  / HTTP/1.1",
  "GET / HTTP/9.9",
  "GET / HTTP/1.1 extra",
  "GET / FOO/1.1",
  "get / HTTP/1.1",
  "G\u0000T / HTTP/1.1",
  "GET * HTTP/1.1",
  "GET // HTTP/1.1",
  "GET http://evil.test/ HTTP/1.1",
  "GET http://[::1 HTTP/1.1",
  "GET /\u0001\u007f HTTP/1.1",
  "GET /a b HTTP/1.1",
  "GET ?x HTTP/1.1",
  "GET \\..\\..\\windows HTTP/1.1",
  "\r\n\r\nGET / HTTP/1.1",
  "PRI * HTTP/2.0",
];

const BAD_HEADERS = [
  ["NoColon"],
  ["Bad Name: x"],
  [" Leading: space"],
  ["X-Null: a\u0000b"],
  ["X-Fold: a", " folded"],
  ["Content-Length: 5", "Content-Length: 6"],
  ["Content-Length: -1"],
  ["Content-Length: 1e3"],
  ["Content-Length: 99999999999999999999"],
  ["Transfer-Encoding: chunked", "Content-Length: 3"],
  ["Transfer-Encoding: gzip, chunked"],
  ["Transfer-Encoding: identity"],
  ["Host: a", "Host: b"],
  ["Expect: 100-continue"],
  ["Expect: 999-weird"],
  ["Authorization: Bearer"],
  ["Authorization: Basic %%%"],
  ["Origin: null"],
  ["Connection: close, Upgrade, keep-alive"],
  ["Content-Type: application/json; charset=utf-9000"],
];

const BAD_JSON_BODIES = [
  "{",
  "[1,2",
  "null",
  "[]",
  '"text"',
  "1e999",
  '{"url":1}',
  '{"url":"http://127.0.0.1:1/","format":"json"}',
  '{"url":"file:///etc/passwd"}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":"\\ud800"}',
  '{"instruction":{"$ref":"#"}}',
  '{"region":123,"browserSettings":"x"}',
  '{"schema":{"type":"object"}}',
  '{"options":{"timeout":-1,"selector":""}}',
  "[".repeat(5_000),
  '{"a":' + "1".repeat(10_000) + "}",
];

const CONTENT_TYPES = [
  "application/json",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/json; charset=latin1",
  "",
];

const WRONG_METHODS = ["PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND", "X", "HEAD", "POST", "GET"];

/** A request head: the request line, the Host and whatever else. */
function head(line: string, host: string, headers: string[] = []): string {
  return [line, `Host: ${host}`, ...headers, "", ""].join("\r\n");
}

/** A client WebSocket frame, broken in whatever way the options say. */
export function webSocketFrame(options: {
  opcode: number;
  payload?: Buffer;
  fin?: boolean;
  rsv?: number;
  masked?: boolean;
  /** A length field that lies about the payload. */
  claimedLength?: number;
}): Buffer {
  const payload = options.payload ?? Buffer.alloc(0);
  const length = options.claimedLength ?? payload.length;
  const masked = options.masked ?? true;
  const first = ((options.fin ?? true) ? 0x80 : 0) | ((options.rsv ?? 0) << 4) | options.opcode;
  const maskBit = masked ? 0x80 : 0;
  let lengthBytes: Buffer;
  if (length < 126) lengthBytes = Buffer.from([maskBit | length]);
  else if (length < 65_536) lengthBytes = Buffer.from([maskBit | 126, length >> 8, length & 0xff]);
  else {
    lengthBytes = Buffer.alloc(9);
    lengthBytes[0] = maskBit | 127;
    lengthBytes.writeBigUInt64BE(BigInt(length), 1);
  }
  if (!masked) return Buffer.concat([Buffer.from([first]), lengthBytes, payload]);
  const mask = Buffer.from([0x11, 0x22, 0x33, 0x44]);
  const body = Buffer.from(payload.map((byte, i) => byte ^ mask[i % 4]!));
  return Buffer.concat([Buffer.from([first]), lengthBytes, mask, body]);
}

/** Frames a WebSocket server must refuse, or must answer without trouble. */
function hostileFrames(random: FuzzRandom): Buffer[] {
  const text = (value: string) => webSocketFrame({ opcode: 0x1, payload: Buffer.from(value) });
  const choices: (() => Buffer[])[] = [
    () => [webSocketFrame({ opcode: random.pick([0x3, 0x4, 0x5, 0xb, 0xf]), payload: random.bytes(8) })],
    () => [webSocketFrame({ opcode: 0x1, payload: random.bytes(16), rsv: 1 + random.int(7) })],
    () => [webSocketFrame({ opcode: 0x1, payload: Buffer.from("unmasked"), masked: false })],
    () => [webSocketFrame({ opcode: 0x1, payload: Buffer.from([0xff, 0xfe, 0xc0]) })], // not UTF-8
    () => [webSocketFrame({ opcode: 0x0, payload: Buffer.from("continuation first") })],
    () => [webSocketFrame({ opcode: 0x9, payload: random.bytes(200) })], // control frame over 125 bytes
    () => [webSocketFrame({ opcode: 0x9, fin: false, payload: Buffer.from("x") })], // fragmented control
    () => [webSocketFrame({ opcode: 0x8, payload: Buffer.from([0x03, 0xe7]) })], // close code 999
    () => [webSocketFrame({ opcode: 0x1, claimedLength: 2 ** 40, payload: Buffer.from("x") })],
    () => [webSocketFrame({ opcode: 0x1, claimedLength: 9 * 1024 * 1024, payload: random.bytes(64) })],
    () => [text("{not json"), text("[]"), text('{"kind":"event"}')],
    () => [text('{"kind":"request","id":1,"method":"no.such.method","params":{}}')],
    () => [text('{"kind":"request","id":"x","method":"browse.open","params":{"url":42}}')],
    () => [
      text('{"kind":"request","id":2,"method":"settings.get","params":{"extra":' + "[".repeat(2000) + "}}"),
    ],
    () => [text('{"id":1,"method":"Browser.getVersion"}'), text('{"id":"x","method":5}')],
    () => Array.from({ length: 50 }, () => webSocketFrame({ opcode: 0x9, payload: random.bytes(4) })),
    () => [webSocketFrame({ opcode: 0x2, payload: random.bytes(1 + random.int(2_000)) })],
    () => [random.bytes(1 + random.int(64))],
  ];
  return random.pick(choices)();
}

/** Draws one hostile exchange against `surface`. */
export function drawFuzzCase(random: FuzzRandom, surface: FuzzSurface): FuzzCase {
  const { host } = surface;
  const route = () =>
    random.pick(surface.routes).replace("{x}", random.pick(["abc", "0", "-", "x".repeat(300)]));
  const credentials = () => random.pick(surface.credentials);
  const quick: RawClientOptions = { end: true, timeoutMs: 3_000 };
  const family = random.pick<FuzzFamily>([
    "percent-encoding",
    "request-line",
    "headers",
    "oversized",
    "bad-json",
    "wrong-method",
    "upgrade",
    "websocket-frames",
    "truncated-body",
    "reset",
    "pipelined",
  ]);
  switch (family) {
    case "percent-encoding": {
      const segment = random.pick(HOSTILE_SEGMENTS);
      const path = random.pick(surface.routes).includes("{x}")
        ? random.pick(surface.routes.filter((r) => r.includes("{x}"))).replace("{x}", segment)
        : `/${segment}`;
      const withQuery = random.int(3) === 0 ? `${path}?apiKey=${segment}&token=${segment}` : path;
      const method = random.pick(["GET", "POST", "DELETE", "HEAD"]);
      return {
        family,
        chunks: [head(`${method} ${withQuery} HTTP/1.1`, host, credentials())],
        options: quick,
      };
    }
    case "request-line": {
      const line = random.pick(BAD_REQUEST_LINES);
      return { family, chunks: [`${line}\r\nHost: ${host}\r\n\r\n`], options: quick };
    }
    case "headers": {
      const headers = random.pick(BAD_HEADERS);
      const method = random.pick(["GET", "POST"]);
      return {
        family,
        chunks: [head(`${method} ${route()} HTTP/1.1`, host, [...credentials(), ...headers]), "abc"],
        options: quick,
      };
    }
    case "oversized": {
      const which = random.int(4);
      const chunks =
        which === 0
          ? [head(`GET ${route()} HTTP/1.1`, host, [`X-Big: ${"a".repeat(20_000 + random.int(100_000))}`])]
          : which === 1
            ? [
                head(
                  `GET ${route()} HTTP/1.1`,
                  host,
                  Array.from({ length: 3_000 }, (_, i) => `X-H${i}: v`),
                ),
              ]
            : which === 2
              ? [head(`GET /${"a".repeat(10_000 + random.int(70_000))} HTTP/1.1`, host)]
              : [
                  head(`POST ${random.pick(surface.jsonRoutes)} HTTP/1.1`, host, [
                    ...credentials(),
                    "Content-Type: application/json",
                    `Content-Length: ${surface.maxBodyBytes + 1}`,
                  ]),
                  `{"url":"${"a".repeat(surface.maxBodyBytes)}"}`,
                ];
      return { family, chunks, options: { ...quick, timeoutMs: 5_000 } };
    }
    case "bad-json": {
      const body = random.pick(BAD_JSON_BODIES);
      const type = random.pick(CONTENT_TYPES);
      const headers = [
        ...credentials(),
        ...(type ? [`Content-Type: ${type}`] : []),
        `Content-Length: ${Buffer.byteLength(body)}`,
      ];
      const route = random.pick(surface.jsonRoutes);
      return { family, chunks: [head(`POST ${route} HTTP/1.1`, host, headers), body], options: quick };
    }
    case "wrong-method": {
      const method = random.pick(WRONG_METHODS);
      // Never with the real credentials: a DELETE on the real session would end it.
      return {
        family,
        chunks: [head(`${method} ${route()} HTTP/1.1`, host, ["Content-Length: 0"])],
        options: quick,
      };
    }
    case "upgrade": {
      const path = random.int(2) === 0 ? route() : random.pick(surface.sockets);
      const variant = random.int(5);
      const extra =
        variant === 0
          ? ["Origin: http://evil.test"]
          : variant === 1
            ? ["Sec-WebSocket-Version: 99"]
            : variant === 2
              ? ["Upgrade: h2c"]
              : credentials();
      const request = upgradeRequest(path, host, extra);
      const after = random.int(3) === 0 ? [random.bytes(1 + random.int(32))] : [];
      return {
        family,
        chunks: [request, ...after],
        options: { reset: random.int(3) === 0, timeoutMs: 2_000, chunkDelayMs: 5 },
      };
    }
    case "websocket-frames": {
      const path = random.pick(surface.sockets);
      return {
        family,
        chunks: [upgradeRequest(path, host, credentials()), ...hostileFrames(random)],
        options: { untilHead: false, timeoutMs: 1_000, chunkDelayMs: 5, end: random.int(2) === 0 },
      };
    }
    case "truncated-body": {
      const chunked = random.int(2) === 0;
      const headers = [
        ...credentials(),
        "Content-Type: application/json",
        chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${100 + random.int(10_000)}`,
      ];
      const partial = chunked ? '10\r\n{"url":"http' : '{"url":"http://exa';
      return {
        family,
        chunks: [head(`POST ${random.pick(surface.jsonRoutes)} HTTP/1.1`, host, headers), partial],
        options: { ...quick, reset: random.int(2) === 0 },
      };
    }
    case "reset": {
      const whole = head(`GET ${route()} HTTP/1.1`, host, credentials());
      return { family, chunks: [whole.slice(0, 1 + random.int(whole.length - 1))], options: { reset: true } };
    }
    case "pipelined": {
      const good = head(`GET ${route()} HTTP/1.1`, host);
      const bad = `${random.pick(BAD_REQUEST_LINES)}\r\nHost: ${host}\r\n\r\n`;
      return { family, chunks: [good + bad + good], options: { ...quick, untilHead: false } };
    }
  }
}
