/**
 * A client's life: before init, init, close, after close, a browser that dies under it, a client with no
 * model key at all, logging, and that `disablePino: true` never loads pino.
 */
import { Client, ClientError, MissingLLMConfigurationError } from "@loupe/core";
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { rejectionOf, startHarness, withEnv, type Harness } from "./support/harness.js";

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

/** A client of its own (its own Chromium), closed by the test. */
function newClient(): Client {
  return new Client({ disablePino: true, model: h.chatModel });
}

describe("before init", () => {
  it("extract, context and connectURL fail with a ClientError that says to call init()", async () => {
    const client = newClient();
    const message = "The client is not started: call `await client.init()` first.";
    await expect(client.extract()).rejects.toThrow(message);
    await expect(client.extract("x")).rejects.toBeInstanceOf(ClientError);
    expect(() => client.context).toThrow(message);
    expect(() => client.connectURL()).toThrow(message);
    // Nothing was started, so closing is allowed and final.
    await client.close();
    await expect(client.init()).rejects.toThrow("This client is closed; create a new Client to start again.");
  });

  it("the constructor refuses an unknown env", () => {
    expect(() => new Client({ env: "MOON" as never })).toThrow(
      new ClientError('env must be "LOCAL" or "CLOUD", not "MOON".'),
    );
  });
});

describe("init", () => {
  it("starts Chromium: a page to drive, a DevTools websocket to share, a log line", () => {
    expect(h.client.connectURL()).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/devtools\/browser\/[\w-]+$/);
    expect(h.client.context.pages()).toHaveLength(1);
    expect(h.logs).toContainEqual(
      expect.objectContaining({
        level: "info",
        category: "client",
        message: "browser started",
        details: expect.objectContaining({ wsEndpoint: h.client.connectURL() }),
      }),
    );
  });

  it("refuses a second init", async () => {
    await expect(h.client.init()).rejects.toThrow(
      new ClientError("init() was already called on this client."),
    );
    expect((await h.client.extract()).pageText).toMatch(/RootWebArea/);
  });
});

describe("close", () => {
  it("closes once; a second close and every call afterwards is a ClientError", async () => {
    const client = newClient();
    await client.init();
    const endpoint = client.connectURL();

    await client.close();

    await expect(client.close()).rejects.toThrow(new ClientError("This client is already closed."));
    const closed = "This client is closed; create a new Client to start again.";
    await expect(client.extract()).rejects.toThrow(closed);
    await expect(client.extract("x", { timeout: 1000 })).rejects.toThrow(closed);
    expect(() => client.context).toThrow(closed);
    expect(() => client.connectURL()).toThrow(closed);
    await expect(client.init()).rejects.toThrow(closed);
    // The browser itself is gone.
    await expect(
      fetch(endpoint.replace(/^ws/, "http").replace(/\/devtools.*$/, "/json/version")),
    ).rejects.toThrow();
  });
});

describe("a browser that dies", () => {
  it("makes every later call reject promptly with a ClientError naming the cause, never hang", async () => {
    const client = newClient();
    await client.init();
    try {
      const page = client.context.pages()[0]!;
      await page.goto(`${h.servers.originA}/frames-shadow/`);
      expect((await client.extract()).pageText).toContain("Loupe test shop");

      const cdp = await client.context.browser()!.newBrowserCDPSession();
      const { processInfo } = (await cdp.send("SystemInfo.getProcessInfo")) as {
        processInfo: { type: string; id: number }[];
      };
      const pid = processInfo.find((p) => p.type === "browser")?.id;
      expect(pid).toBeGreaterThan(0);

      process.kill(pid!, "SIGKILL");
      // A call racing the death settles too, one way or the other, and never as anything but a ClientError.
      const racing = await settleWithin(client.extract(), 10_000);
      expect(racing).not.toHaveProperty("hung");
      if ("error" in racing) expect(racing.error).toBeInstanceOf(ClientError);

      await vi.waitFor(() => expect(isRunning(pid!)).toBe(false), { timeout: 10_000 });
      const dead =
        /^The browser is no longer running \((Chromium exited \(SIGKILL\)|the browser disconnected|the browser's DevTools connection closed)\)\. Close this client and create a new one\.$/;
      await vi.waitFor(
        async () =>
          expect(await settleWithin(client.extract(), 5_000)).toMatchObject({
            error: { message: expect.stringMatching(dead) },
          }),
        { timeout: 10_000 },
      );

      for (const call of [
        () => client.extract(),
        () => client.extract("What is on the page?"),
        () => client.extract({ selector: "#intro" }),
      ]) {
        const started = performance.now();
        const outcome = await settleWithin(call(), 5_000);
        expect(outcome).toMatchObject({ error: expect.any(ClientError) });
        expect((outcome as { error: Error }).error.message).toMatch(dead);
        expect(performance.now() - started).toBeLessThan(5_000);
      }
      expect(() => client.context).toThrow(dead);
      expect(() => client.connectURL()).toThrow(dead);
    } finally {
      await client.close();
    }
    await expect(client.close()).rejects.toThrow("already closed");
  });
});

describe("without any model key", () => {
  it("reads page text, and a model call is a MissingLLMConfigurationError", async () => {
    await withEnv(
      { OPENAI_API_KEY: undefined, OPENAI_BASE_URL: undefined, LOUPE_MODEL: undefined },
      async () => {
        const client = new Client({ disablePino: true });
        await client.init();
        try {
          await client.context.pages()[0]!.goto(`${h.servers.originA}/frames-shadow/`);

          const { pageText } = await client.extract();
          expect(pageText).toContain("Loupe test shop");

          const error = await rejectionOf(client.extract("What is the shop called?"));
          expect(error).toBeInstanceOf(MissingLLMConfigurationError);
          expect((error as Error).message).toMatch(
            /^No API key for openai \(model "openai\/gpt-4\.1-mini"\): set the OPENAI_API_KEY environment variable/,
          );
        } finally {
          await client.close();
        }
      },
    );
    expect(h.model.requests).toHaveLength(0);
  });
});

describe("disablePino", () => {
  const run = promisify(execFile);
  const root = fileURLToPath(new URL("..", import.meta.url));
  const recorder = fileURLToPath(new URL("./support/module-recorder.mjs", import.meta.url));
  const probe = fileURLToPath(new URL("./support/pino-probe.ts", import.meta.url));

  /** Runs the probe in a child Node and returns every module URL it resolved. */
  async function modulesLoaded(disablePino: boolean): Promise<string[]> {
    const dir = await mkdtemp(join(tmpdir(), "loupe-modules-"));
    try {
      const record = join(dir, "modules.txt");
      const { stdout } = await run(
        process.execPath,
        ["--conditions=@loupe/source", "--import", "tsx", "--import", recorder, probe],
        {
          cwd: root,
          env: { ...process.env, LOUPE_RECORD_MODULES: record, PROBE_DISABLE_PINO: disablePino ? "1" : "0" },
          timeout: 60_000,
        },
      );
      expect(stdout).toMatch(/^read \d+ characters$/m);
      return (await readFile(record, "utf8")).split("\n").filter(Boolean);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  it("true: pino is never imported (checked in a child process that records every module it resolves)", async () => {
    const modules = await modulesLoaded(true);
    // The recorder saw Loupe's own logger module, so it was watching the right imports.
    expect(modules.some((url) => url.endsWith("/core/src/log/logger.ts"))).toBe(true);
    expect(modules.filter((url) => /\/node_modules\/pino\//.test(url))).toEqual([]);
  });

  it("false (the default): pino is imported, so the check above can see it", async () => {
    const modules = await modulesLoaded(false);
    expect(modules.some((url) => /\/node_modules\/pino\//.test(url))).toBe(true);
  });
});

/** Settles a promise or gives up after `ms`, so a hang fails the test instead of timing it out. */
async function settleWithin(
  promise: Promise<unknown>,
  ms: number,
): Promise<{ value: unknown } | { error: unknown } | { hung: true }> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise.then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      ),
      new Promise<{ hung: true }>((resolve) => (timer = setTimeout(() => resolve({ hung: true }), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
