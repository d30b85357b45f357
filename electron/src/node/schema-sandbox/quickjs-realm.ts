import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSRuntime,
  type QuickJSSyncVariant,
} from "quickjs-emscripten-core";
import { RESULT_GLOBAL } from "./source-convention.js";

/** The filename user code runs under, so its stack frames can be told apart from zod's. */
export const USER_FILENAME = "schema.ts";

/** How one evaluation is bounded. */
export interface RealmLimits {
  /** For the user's code, its promise jobs and the reading of what it left, together. */
  timeoutMs: number;
  /** QuickJS's own heap. The wasm memory around it is capped at twice this. */
  memoryMb: number;
}

/**
 * What one evaluation gave, before anything about it is believed: the texts are what code inside the
 * realm answered (the user's code could have replaced every helper it ran), so they are read as hostile.
 */
export type RealmOutcome =
  | { kind: "described"; text: string | undefined }
  | { kind: "thrown"; text: string | undefined }
  | { kind: "limit"; limit: "time" | "memory" }
  | { kind: "engine-failed" };

/** The compiled QuickJS engine: compiled once per worker, instantiated once per evaluation. */
export interface QuickJSEngine {
  wasm: WebAssembly.Module;
  zodSource: string;
}

const require = createRequire(import.meta.url);
// Bellard's QuickJS, release build, separate .wasm file. Loaded through require: the package's types
// are CommonJS, so an ESM default import would be typed as the whole module.
const releaseSync = (require("@jitl/quickjs-wasmfile-release-sync") as { default: QuickJSSyncVariant })
  .default;
const WASM_PAGE = 64 * 1024;
/** QuickJS's stack check fires well before V8's own stack (which wasm frames also use) runs out. */
const MAX_STACK_BYTES = 256 * 1024;

/** Compiles the QuickJS wasm once; each realm instantiates it afresh. */
export async function loadQuickJSEngine(zodBundlePath: string): Promise<QuickJSEngine> {
  const wasmPath = require.resolve("@jitl/quickjs-wasmfile-release-sync/wasm");
  const [bytes, zodSource] = await Promise.all([readFile(wasmPath), readFile(zodBundlePath, "utf8")]);
  return { wasm: await WebAssembly.compile(bytes), zodSource };
}

/**
 * A JavaScript realm that shares nothing with the host: its own QuickJS instance (fresh wasm memory,
 * no host function, no module loader, no std/os module), with zod evaluated inside it. The host hands
 * it only strings and reads back only strings. It serves ONE evaluation and is then dropped whole — never
 * disposed piece by piece, so nothing user code did (a broken heap, a poisoned prototype, a trap) can
 * reach the next evaluation or stop the host in a QuickJS assertion.
 */
export class ZodRealm {
  private deadline = Number.POSITIVE_INFINITY;
  private used = false;

  private constructor(
    private readonly runtime: QuickJSRuntime,
    private readonly context: QuickJSContext,
    private readonly helpers: { describeSchema: QuickJSHandle; describeError: QuickJSHandle },
    private readonly limits: RealmLimits,
    private readonly memory: WebAssembly.Memory,
  ) {
    runtime.setInterruptHandler(() => performance.now() > this.deadline);
  }

  /** A new realm with zod loaded (about 100 ms: the worker makes the next one while the person types). */
  static async create(engine: QuickJSEngine, limits: RealmLimits): Promise<ZodRealm> {
    const memory = new WebAssembly.Memory({
      initial: (16 * 1024 * 1024) / WASM_PAGE,
      maximum: (2 * limits.memoryMb * 1024 * 1024) / WASM_PAGE,
    });
    const variant = newVariant(releaseSync, { wasmModule: engine.wasm, wasmMemory: memory });
    const quickjs = await newQuickJSWASMModuleFromVariant(variant);
    const runtime = quickjs.newRuntime();
    runtime.setMemoryLimit(limits.memoryMb * 1024 * 1024);
    runtime.setMaxStackSize(MAX_STACK_BYTES);
    const context = runtime.newContext();
    const loaded = context.evalCode(
      `${engine.zodSource}\nvar z = LoupeSandbox.z;\nvar ${RESULT_GLOBAL};\n`,
      "zod-sandbox.js",
      { type: "global" },
    );
    if (loaded.error) throw new Error("zod did not load in the schema sandbox.");
    loaded.value.dispose();
    // Taken before any user code runs: replacing `LoupeSandbox.describeSchema` later changes nothing.
    const helper = (name: string) => context.unwrapResult(context.evalCode(`LoupeSandbox.${name}`));
    const helpers = { describeSchema: helper("describeSchema"), describeError: helper("describeError") };
    return new ZodRealm(runtime, context, helpers, limits, memory);
  }

  /** Runs `script` (plain JavaScript, the user's) and asks the realm to describe what it left. */
  evaluate(script: string): RealmOutcome {
    if (this.used) throw new Error("A ZodRealm serves one evaluation.");
    this.used = true;
    const { context, runtime } = this;
    this.deadline = performance.now() + this.limits.timeoutMs;
    try {
      const ran = context.evalCode(script, USER_FILENAME, { type: "global" });
      if (ran.error) return this.thrown(ran.error);
      ran.value.dispose();
      while (runtime.hasPendingJob()) {
        if (this.pastDeadline()) return { kind: "limit", limit: "time" };
        const jobs = runtime.executePendingJobs(1000);
        // A job's own error is a rejection nobody awaited: not the schema's concern, as in any runtime.
        if (jobs.error) jobs.error.dispose();
      }
      const left = context.evalCode(`typeof schema !== "undefined" ? schema : ${RESULT_GLOBAL}`, "loupe.js");
      if (left.error) return this.thrown(left.error);
      // A promise left rejected is read as thrown: a chain that ran out of memory ends in a rejection
      // (each link's failure only rejects the next), which would otherwise read as a wrong kind of value.
      // The state is read natively; no code of the realm runs.
      const state = context.getPromiseState(left.value);
      if (state.type === "rejected") {
        // QuickJS rejects with null when even the error could not be allocated; the wasm memory, which
        // only grows, tells that the heap reached the limit.
        if (this.reachedMemoryLimit()) return { kind: "limit", limit: "memory" };
        return this.thrown(state.error);
      }
      const described = context.callFunction(this.helpers.describeSchema, context.undefined, left.value);
      if (described.error) return this.thrown(described.error);
      return { kind: "described", text: this.stringOf(described.value) };
    } catch {
      // The engine itself failed (a wasm trap, V8's stack exhausted by deep wasm frames): the realm is
      // dropped with whatever state it was in.
      return this.pastDeadline() ? { kind: "limit", limit: "time" } : { kind: "engine-failed" };
    }
  }

  /** A thrown value, described inside the realm (its getters run there, under the same deadline). */
  private thrown(error: QuickJSHandle): RealmOutcome {
    if (this.pastDeadline()) return { kind: "limit", limit: "time" };
    const { context, runtime } = this;
    // Room for the description itself after an allocation failed; the user's getters get it too, bounded.
    runtime.setMemoryLimit((this.limits.memoryMb + 8) * 1024 * 1024);
    const described = context.callFunction(this.helpers.describeError, context.undefined, error);
    if (described.error)
      return this.pastDeadline() ? { kind: "limit", limit: "time" } : { kind: "thrown", text: undefined };
    const text = this.stringOf(described.value);
    if (text !== undefined && /^\{"message":"InternalError: out of memory"/.test(text))
      return { kind: "limit", limit: "memory" };
    return { kind: "thrown", text };
  }

  /** A string the realm answered, copied out; anything else is no answer (never converted here). */
  private stringOf(handle: QuickJSHandle): string | undefined {
    return this.context.typeof(handle) === "string" ? this.context.getString(handle) : undefined;
  }

  /** Whether the heap reached its limit at some point: wasm memory grows to hold it and never shrinks. */
  private reachedMemoryLimit(): boolean {
    return this.memory.buffer.byteLength >= this.limits.memoryMb * 1024 * 1024;
  }

  private pastDeadline(): boolean {
    return performance.now() > this.deadline;
  }
}
