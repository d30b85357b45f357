/**
 * Known ways out of a JavaScript sandbox, each tried against the schema sandbox as a hostile workspace
 * file would. Every escape ends, if it gets anywhere, in `__hit(process)`, which touches the host's
 * canaries: it writes a file, spawns a process that writes another, opens a socket to a server of this
 * test, and reads a secret file and `/proc/self/environ` into the schema it returns. After each escape
 * the files must not exist and the answer must hold neither secret; at the end the server must have
 * seen no connection.
 *
 * Run against the `node:vm` sandbox this replaced, "import()'s rejection" reached the host (it wrote
 * the file and opened sockets): the rejection's error came from the worker's own realm, whose `Function`
 * compiled `return process`. Every other escape here was already closed there and stays as a guard; the
 * QuickJS realm closes all of them by having nothing of the host inside it.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SchemaSandbox } from "./schema-sandbox.js";
import type { SchemaEvaluation } from "./sandbox-result.js";

const dir = mkdtempSync(join(tmpdir(), "loupe-escape-"));
const WRITTEN = join(dir, "written");
const SPAWNED = join(dir, "spawned");
const SECRET_FILE = join(dir, "secret");
const SECRET = `loupe-canary-${randomBytes(12).toString("hex")}`;
// An entry of this process's own environment as the kernel shows it: what `/proc/self/environ` leaks.
const ENVIRON_ENTRY =
  readFileSync("/proc/self/environ", "latin1")
    .split("\0")
    .find((entry) => entry.startsWith("PATH=")) ?? "PATH=";

let server: Server;
let port = 0;
let connections = 0;

/**
 * What every escape runs: helpers that take anything an escape got hold of and, if it is the host's
 * `process` (or a `Function` that can compile `return process`), touch every canary with it.
 */
function prelude(): string {
  return `
var __leak = "";
var __port = ${port};
function __hit(p) {
  if (!p || typeof p.pid !== "number") return;
  var m = function (n) { return p.getBuiltinModule ? p.getBuiltinModule(n) : p.mainModule.require(n); };
  try { m("fs").writeFileSync(${JSON.stringify(WRITTEN)}, "escaped"); } catch (e) {}
  try { m("child_process").spawnSync("sh", ["-c", "echo spawned > " + ${JSON.stringify(SPAWNED)}]); } catch (e) {}
  try { m("net").connect(__port, "127.0.0.1").on("error", function () {}); } catch (e) {}
  try { __leak += m("fs").readFileSync(${JSON.stringify(SECRET_FILE)}, "utf8"); } catch (e) {}
  try { __leak += m("fs").readFileSync("/proc/self/environ", "latin1"); } catch (e) {}
  try { __leak += JSON.stringify(p.env); } catch (e) {}
}
function __try(get) {
  try {
    var got = get();
    if (got && typeof got.then === "function") got.then(__hit, function () {});
    else __hit(got);
  } catch (e) {}
}
function __viaFunction(F) {
  if (typeof F !== "function") return;
  __try(function () { return F("return process")(); });
  __try(function () { return F("return globalThis.process")(); });
  __try(function () { return F("return this")().process; });
}
function __inspect(values) {
  for (var i = 0; i < values.length; i++) {
    var v = values[i];
    __try(function () { return v; });
    try { __viaFunction(v && v.constructor && v.constructor.constructor); } catch (e) {}
  }
}
function __callers(start) {
  var c = start, n = 0;
  try {
    while (c && n++ < 50) { __viaFunction(c.constructor); __inspect(c.arguments || []); c = c.caller; }
  } catch (e) {}
}
// A handler whose every trap looks at what it was handed and who called it, then does the default.
var __spyHandler = new Proxy({}, {
  get: function (_, trap) {
    return function () {
      __inspect(arguments);
      __callers(arguments.callee.caller);
      return Reflect[trap].apply(null, arguments);
    };
  },
});
`;
}

/** The escape's own code, after the prelude, and a schema that carries anything read out. */
function hostile(code: string): string {
  return `${prelude()}\n${code}\nconst schema = z.lazy(() => z.literal(String(__leak || "nothing leaked")));\n`;
}

/** Each known escape: a name and the code that tries it. */
const ESCAPES: [string, string][] = [
  [
    "import()'s rejection, through its error's constructor chain",
    `import("node:fs").catch(function (e) { __viaFunction(e.constructor.constructor); __inspect([e, Object.getPrototypeOf(e)]); });`,
  ],
  [
    "import() of a built-in module",
    `import("node:fs").then(function (fs) { fs.writeFileSync(${JSON.stringify(WRITTEN)}, "escaped"); }, function () {});
     import("node:process").then(function (m) { __hit(m.default); }, function () {});`,
  ],
  [
    "the global object's constructor chain",
    `__viaFunction(this.constructor.constructor); __viaFunction(globalThis.constructor.constructor);
     __viaFunction(({}).constructor.constructor); __viaFunction(Object.getPrototypeOf(globalThis).constructor.constructor);`,
  ],
  [
    "an Error's constructor chain",
    `__viaFunction(new Error("x").constructor.constructor); __viaFunction(Object.getPrototypeOf(new TypeError("x")).constructor.constructor);`,
  ],
  [
    "errors the engine throws",
    `try { null.x; } catch (e) { __inspect([e]); }
     try { JSON.parse("{"); } catch (e) { __inspect([e]); }
     try { new Array(-1); } catch (e) { __inspect([e]); }
     try { undefinedName; } catch (e) { __inspect([e]); }
     try { (function f(): unknown { return f(); })(); } catch (e) { __inspect([e]); }`,
  ],
  [
    "promises and their callbacks",
    `__viaFunction(Promise.resolve().constructor.constructor);
     Promise.reject(new Error("x")).catch(function (e) { __inspect([e]); __callers(arguments.callee.caller); });
     Promise.resolve().then(function () { __inspect([this]); __callers(arguments.callee.caller); });`,
  ],
  [
    "async, generator and async generator function constructors",
    `__viaFunction((async function () {}).constructor); __viaFunction((function* () {}).constructor);
     __viaFunction((async function* () {}).constructor);`,
  ],
  [
    "every function reachable from z",
    `var seen = new Set(); var queue: unknown[] = [z];
     while (queue.length && seen.size < 5000) {
       var o = queue.shift();
       if ((typeof o !== "object" && typeof o !== "function") || o === null || seen.has(o)) continue;
       seen.add(o);
       if (typeof o === "function") __viaFunction(o.constructor);
       try { queue.push(Object.getPrototypeOf(o)); } catch (e) {}
       for (var k of Reflect.ownKeys(o)) { try { queue.push(Object.getOwnPropertyDescriptor(o, k)?.value); } catch (e) {} }
     }`,
  ],
  [
    "callers of code the host runs (sloppy getters on the schema)",
    `var s = z.object({});
     for (var k of ["toJSON", "then", "~standard", "_zod", "constructor"]) {
       try { Object.defineProperty(s, k, { configurable: true, get: function () { __callers(arguments.callee.caller); return undefined; } }); } catch (e) {}
     }
     __loupeSchema = s;`,
  ],
  [
    "Error.prepareStackTrace and its call sites",
    `(Error as any).prepareStackTrace = function (err: unknown, frames: any[]) {
       for (var f of frames || []) { try { __inspect([f.getThis(), f.getFunction()]); } catch (e) {} }
       __callers(arguments.callee.caller);
       return "prepared";
     };
     throw new Error("read my stack");`,
  ],
  [
    "Error.captureStackTrace",
    `var o: any = {};
     (Error as any).prepareStackTrace = function (_: unknown, frames: unknown) { return frames; };
     try { (Error as any).captureStackTrace(o); } catch (e) {}
     try { for (var f of o.stack || []) __inspect([f.getThis(), f.getFunction()]); } catch (e) {}
     try { Object.defineProperty(o, "stack", { get: function () { __callers(arguments.callee.caller); return ""; } }); } catch (e) {}
     throw o;`,
  ],
  ["Proxy traps on a thrown value", `throw new Proxy(new Error("trap"), __spyHandler);`],
  ["Proxy traps on the schema", `const schema = new Proxy(z.object({}), __spyHandler);`],
  [
    "conversions of a thrown value (toString, valueOf, toPrimitive, toJSON, getters)",
    `var spy = function () { __inspect(arguments); __callers(arguments.callee.caller); return "x"; };
     var thrown: any = { toString: spy, valueOf: spy, toJSON: spy, [Symbol.toPrimitive]: spy };
     for (var k of ["message", "stack", "name", "constructor"]) Object.defineProperty(thrown, k, { get: spy });
     throw thrown;`,
  ],
  [
    "built-ins replaced under the sandbox's own helpers",
    `var spy = function () { __inspect(arguments); __callers(arguments.callee.caller); };
     var json = JSON.stringify;
     JSON.stringify = function () { spy.apply(null, arguments as any); return json.apply(JSON, arguments as any); };
     var toStr = Object.prototype.toString;
     Object.prototype.toString = function () { spy.apply(null, arguments as any); return toStr.call(this); };
     var join = Array.prototype.join;
     Array.prototype.join = function () { spy.apply(null, arguments as any); return join.apply(this, arguments as any); };
     Object.defineProperty(Object.prototype, "ok", { configurable: true, get: function () { spy(); return undefined; }, set: function () {} });`,
  ],
  [
    "process and process.binding",
    `__try(function () { return process; }); __try(function () { return globalThis.process; });
     __try(function () { return process.binding("fs") && process; });`,
  ],
  [
    "require, module and the CommonJS wrapper's names",
    `__try(function () { return require("node:process"); });
     __try(function () { return module.require("node:process"); });
     __try(function () { return require.main && process; });
     __try(function () { return __dirname && process; });`,
  ],
  [
    "probing globalThis for anything the host left",
    `var target: any = globalThis;
     while (target) {
       for (var k of Reflect.ownKeys(target)) {
         try { var v = target[k]; __inspect([v]); if (v && typeof v === "object") __inspect(Object.values(v)); } catch (e) {}
       }
       target = Object.getPrototypeOf(target);
     }`,
  ],
  [
    "network APIs (fetch, WebSocket, XMLHttpRequest)",
    `var url = "http://127.0.0.1:" + __port + "/";
     try { fetch(url).catch(function () {}); } catch (e) {}
     try { new WebSocket(url.replace("http", "ws")); } catch (e) {}
     try { var x = new XMLHttpRequest(); x.open("GET", url); x.send(); } catch (e) {}`,
  ],
  [
    "QuickJS's std and os modules",
    `import("std").then(function (std: any) { __leak += std.loadFile(${JSON.stringify(SECRET_FILE)}); std.writeFile?.(${JSON.stringify(WRITTEN)}, "escaped"); }, function () {});
     import("os").then(function (os: any) { os.exec(["sh", "-c", "echo spawned > " + ${JSON.stringify(SPAWNED)}]); }, function () {});
     try { __leak += (globalThis as any).std.loadFile(${JSON.stringify(SECRET_FILE)}); } catch (e) {}
     try { (globalThis as any).os.exec(["sh", "-c", "echo spawned > " + ${JSON.stringify(SPAWNED)}]); } catch (e) {}`,
  ],
  [
    "eval, indirect eval and the Function constructor",
    `try { __try(function () { return eval("process"); }); } catch (e) {}
     try { __try(function () { return (0, eval)("this").process; }); } catch (e) {}
     try { __viaFunction(Function); } catch (e) {}`,
  ],
];

describe("the schema sandbox against known escapes", () => {
  // A generous limit: an escape that merely runs long must not pass by being cut short on a busy machine.
  const sandbox = new SchemaSandbox({ timeoutMs: 3000 });

  beforeAll(async () => {
    writeFileSync(SECRET_FILE, SECRET, { mode: 0o600 });
    server = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as { port: number }).port;
  });
  // A canary one escape touched must not be blamed on the next.
  afterEach(() => {
    rmSync(WRITTEN, { force: true });
    rmSync(SPAWNED, { force: true });
  });
  afterAll(async () => {
    await sandbox.close();
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  /** Asserts that no canary was touched by what `result` came from. */
  function expectHostUntouched(result: SchemaEvaluation): void {
    expect(existsSync(WRITTEN), "a file was written").toBe(false);
    expect(existsSync(SPAWNED), "a process was spawned").toBe(false);
    const answer = JSON.stringify(result);
    expect(answer, "the secret file was read").not.toContain(SECRET);
    expect(answer, "the environment was read").not.toContain(ENVIRON_ENTRY);
  }

  it.each(ESCAPES)("%s reaches nothing", async (_name, code) => {
    const result = await sandbox.evaluate(hostile(code));
    expectHostUntouched(result);
    // The sandbox is still there for the next schema.
    await expect(sandbox.evaluate("z.string()")).resolves.toMatchObject({ ok: true });
    expectHostUntouched(result);
  });

  it("a forged answer pollutes nothing and is refused", async () => {
    const result = await sandbox.evaluate(
      hostile(
        `JSON.stringify = function () { return '{"ok":true,"jsonSchema":{"__proto__":{"polluted":true},"type":"object"}}'; };`,
      ),
    );
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    expect(result).toMatchObject({ ok: false, issues: [{ message: expect.stringMatching(/__proto__/) }] });
  });

  it("nothing one schema does is there for the next", async () => {
    await sandbox.evaluate(
      hostile(`Object.prototype.toJSON = function () { return "poisoned"; };
        (z as any).string = function () { throw new Error("poisoned"); };
        (globalThis as any).__mark = "left behind";`),
    );
    const result = await sandbox.evaluate(
      `z.object({ a: z.string(), mark: z.literal(typeof (globalThis as any).__mark) })`,
    );
    expect(result).toMatchObject({
      ok: true,
      jsonSchema: { properties: { a: { type: "string" }, mark: { const: "undefined" } } },
    });
  });

  it("no escape opened a socket to the host", async () => {
    // A connection an escape started would have arrived long ago; one more round trip makes sure.
    await sandbox.evaluate("z.string()");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(connections).toBe(0);
  });
});
