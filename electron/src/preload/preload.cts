/**
 * The app window's preload. It runs sandboxed and context-isolated: `require` knows only `electron`, so
 * this file imports nothing of the Studio (the two protocol strings are restated from
 * electron-main/ipc-protocol.ts; a test checks they match) and is emitted as CommonJS (`.cjs`).
 *
 * It exposes exactly one global, `window.loupeStudio`: one function per Studio method (the names come
 * from main through `additionalArguments`, taken from the zod contract) and `onEvent` for pushes. The
 * page never gets `ipcRenderer`, the IPC event object, or any way to pick a channel.
 */
// A sandboxed preload is CommonJS, and `import … = require` is how TypeScript writes a CommonJS import.
// eslint-disable-next-line @typescript-eslint/no-require-imports
import electron = require("electron");

const STUDIO_IPC_CHANNEL = "loupe-studio";
const METHODS_ARGUMENT = "--loupe-studio-methods=";

/** What a method call resolves with: the response as plain data (Error objects lose their fields crossing the bridge). */
type CallOutcome =
  { ok: true; result: unknown } | { ok: false; error: { code: string; message: string; issues?: unknown } };

type EventHandler = (name: string, payload: unknown) => void;

const methodNames = (process.argv.find((arg) => arg.startsWith(METHODS_ARGUMENT)) ?? METHODS_ARGUMENT)
  .slice(METHODS_ARGUMENT.length)
  .split(",")
  .filter((name) => /^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)+$/.test(name));

let nextId = 1;
const pending = new Map<number, (outcome: CallOutcome) => void>();
const eventHandlers = new Set<EventHandler>();

electron.ipcRenderer.on(STUDIO_IPC_CHANNEL, (_event, message: unknown) => {
  if (typeof message !== "object" || message === null) return;
  const data = message as Record<string, unknown>;
  if (data["kind"] === "response" && typeof data["id"] === "number") {
    const resolve = pending.get(data["id"]);
    pending.delete(data["id"]);
    resolve?.(
      data["ok"] === true
        ? { ok: true, result: data["result"] }
        : { ok: false, error: data["error"] as { code: string; message: string } },
    );
  } else if (data["kind"] === "event" && typeof data["name"] === "string") {
    for (const handler of eventHandlers) handler(data["name"], data["payload"]);
  }
});

function call(method: string, params: unknown): Promise<CallOutcome> {
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, resolve);
    electron.ipcRenderer.send(STUDIO_IPC_CHANNEL, { kind: "request", id, method, params });
  });
}

const methods: Record<string, (params: unknown) => Promise<CallOutcome>> = {};
for (const name of methodNames) methods[name] = (params: unknown) => call(name, params);

electron.contextBridge.exposeInMainWorld("loupeStudio", {
  methods,
  onEvent(handler: EventHandler): () => void {
    // The bridge hands over a proxy of the page's function; keep only that, and give back its remover.
    eventHandlers.add(handler);
    return () => {
      eventHandlers.delete(handler);
    };
  },
});
