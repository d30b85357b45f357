import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, cloud, type ClientMetrics, type ClientOptions, type ModelConfiguration } from "@loupe/core";
import { startCloudServer, type CloudServer } from "@loupe/cloud";
import type {
  StudioEvent,
  StudioEventName,
  StudioHandlers,
  StudioParsedParams,
  StudioResult,
} from "../common/studio-api.js";
import { StudioError } from "../common/studio-error.js";
import { PageTabs } from "./page-tabs.js";
import { apiKeyFor, publicSettings, type ModelSettings } from "./studio-settings.js";

/** How the service starts. */
export interface StudioServiceOptions {
  /** Where keys and defaults are read from. Default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** The first model settings; default LOUPE_MODEL or openai/gpt-4.1-mini. */
  settings?: Partial<ModelSettings>;
  /** Extra `Client` options (tests pass `localBrowser`, `logger`). */
  client?: Omit<ClientOptions, "env" | "model" | "disablePino">;
  /** Receives every event the service emits (the server's `emit`). */
  emit?: <E extends StudioEventName>(event: E, payload: StudioEvent<E>) => void;
}

const ELEMENT_LINE = /^\s*\[\d+-\d+\] /;

/**
 * The Studio's work, behind the Studio API and free of Electron: a LOCAL `@loupe/core` Client for the
 * browser and an embedded Loupe Cloud (temporary data dir, loopback targets allowed, one key) for fetch.
 */
export class StudioService {
  private client: Client | undefined;
  private cloudServer: CloudServer | undefined;
  private cloudKey = "";
  private dataDir: string | undefined;
  private readonly tabs = new PageTabs();
  private readonly runs = new Map<string, AbortController>();
  private settings: ModelSettings;
  private readonly env: Readonly<Record<string, string | undefined>>;

  constructor(private readonly options: StudioServiceOptions = {}) {
    this.env = options.env ?? process.env;
    this.settings = {
      model: options.settings?.model ?? this.env["LOUPE_MODEL"] ?? "openai/gpt-4.1-mini",
      ...(options.settings?.baseURL ? { baseURL: options.settings.baseURL } : {}),
    };
  }

  /** Starts Chromium and the embedded cloud. */
  async start(): Promise<void> {
    this.dataDir = await mkdtemp(join(tmpdir(), "loupe-studio-"));
    this.cloudServer = await startCloudServer({
      port: 0,
      dataDir: this.dataDir,
      allowPrivateNetwork: true,
      log: false,
    });
    this.cloudKey = this.cloudServer.keys.createKey("studio").key;
    const client = new Client({ ...this.options.client, env: "LOCAL", disablePino: true });
    await client.init();
    this.client = client;
    for (const page of client.context.pages()) this.tabs.activate(this.tabs.track(page));
    client.context.on("page", (page) => this.tabs.track(page));
  }

  /** Stops everything `start` started; safe to call more than once. */
  async stop(): Promise<void> {
    for (const run of this.runs.values()) run.abort();
    const client = this.client;
    this.client = undefined;
    await client?.close().catch(() => {});
    await this.cloudServer?.close();
    this.cloudServer = undefined;
    if (this.dataDir) await rm(this.dataDir, { recursive: true, force: true });
    this.dataDir = undefined;
  }

  /** One handler per Studio method, for `createStudioServer`. */
  readonly handlers: StudioHandlers = {
    "session.open": async ({ url }) => {
      const page = await this.started().context.newPage();
      this.tabs.activate(this.tabs.track(page));
      await page.goto(url, { waitUntil: "load" });
      return this.changed(page);
    },
    "session.navigate": async ({ to }) => {
      const page = this.tabs.active();
      // A history step may be served from the back/forward cache, which fires no new "load": wait for
      // the commit, then for the document to be complete (Playwright's load state misses a restore).
      if (to === "back") await page.goBack({ waitUntil: "commit" });
      else if (to === "forward") await page.goForward({ waitUntil: "commit" });
      else if (to === "reload") await page.reload({ waitUntil: "load" });
      else await page.goto(to.url, { waitUntil: "load" });
      await page.waitForFunction("document.readyState === 'complete'");
      return this.changed(page);
    },
    "session.pages": async () => ({ pages: await this.tabs.list() }),
    "session.activate": async ({ pageId }) => {
      const page = this.tabs.activate(pageId);
      await page.bringToFront();
      return this.changed(page);
    },
    "snapshot.get": async ({ selector, ignoreSelectors }) => {
      const started = performance.now();
      const { pageText } = await this.started().extract({
        page: this.tabs.active(),
        ...(selector ? { selector } : {}),
        ...(ignoreSelectors ? { ignoreSelectors } : {}),
      });
      const elementCount = pageText.split("\n").filter((line) => ELEMENT_LINE.test(line)).length;
      return { text: pageText, elementCount, ms: performance.now() - started };
    },
    "extract.run": (params) => this.extractRun(params),
    "extract.cancel": async ({ runId }) => {
      const run = this.runs.get(runId);
      run?.abort();
      return { cancelled: Boolean(run) };
    },
    "act.run": async ({ instruction, variables }) =>
      this.started().act(instruction, {
        page: this.tabs.active(),
        model: this.modelConfiguration(),
        ...(variables ? { variables } : {}),
      }),
    "fetch.run": async (params) => {
      if (!this.cloudServer) throw notStarted();
      return cloud.fetch({ ...params, apiKey: this.cloudKey, baseURL: this.cloudServer.url });
    },
    "settings.get": async () => publicSettings(this.settings, this.env),
    "settings.set": async ({ model, baseURL }) => {
      this.settings = {
        model: model ?? this.settings.model,
        ...(baseURL === null
          ? {}
          : (baseURL ?? this.settings.baseURL)
            ? { baseURL: baseURL ?? this.settings.baseURL }
            : {}),
      };
      return publicSettings(this.settings, this.env);
    },
  };

  private async extractRun(params: StudioParsedParams<"extract.run">): Promise<StudioResult<"extract.run">> {
    const client = this.started();
    const { runId, instruction, schema, options = {} } = params;
    if (this.runs.has(runId))
      throw new StudioError("invalid_params", `Run "${runId}" is already under way.`, [
        { path: ["runId"], message: "already in use" },
      ]);
    if (schema && !instruction)
      throw new StudioError("invalid_params", "A schema needs an instruction.", [
        { path: ["instruction"], message: "required with schema" },
      ]);
    const { model, ...rest } = options;
    const extractOptions = { ...rest, page: this.tabs.active(), model: this.modelConfiguration(model) };
    const controller = new AbortController();
    this.runs.set(runId, controller);
    const before = client.metrics;
    const started = performance.now();
    this.emit("run.progress", { runId, stage: "started" });
    const cancelled = new Promise<never>((_, reject) =>
      controller.signal.addEventListener("abort", () =>
        reject(new StudioError("cancelled", `Run "${runId}" was cancelled.`)),
      ),
    );
    const work = !instruction
      ? client.extract(extractOptions)
      : schema
        ? client.extract(instruction, schema.value, extractOptions)
        : client.extract(instruction, extractOptions);
    work.catch(() => {}); // a cancelled run's late failure is not an unhandled rejection
    try {
      const result = await Promise.race([work, cancelled]);
      const ms = performance.now() - started;
      this.emit("run.progress", { runId, stage: "finished", ms });
      return { runId, result, metrics: { ...difference(before, client.metrics), ms } };
    } catch (error) {
      const stage = controller.signal.aborted ? "cancelled" : "failed";
      this.emit("run.progress", { runId, stage, ms: performance.now() - started });
      throw error;
    } finally {
      this.runs.delete(runId);
    }
  }

  private modelConfiguration(override?: string): ModelConfiguration {
    const modelName = override ?? this.settings.model;
    // The key comes from this service's environment and goes to the model only, never to the renderer.
    const apiKey = apiKeyFor(modelName, this.env);
    return {
      modelName,
      ...(apiKey ? { apiKey } : {}),
      ...(this.settings.baseURL ? { baseURL: this.settings.baseURL } : {}),
    };
  }

  private async changed(page: Parameters<PageTabs["info"]>[0]) {
    const info = await this.tabs.info(page);
    this.emit("session.pageChanged", info);
    return info;
  }

  private emit<E extends StudioEventName>(event: E, payload: StudioEvent<E>): void {
    this.options.emit?.(event, payload);
  }

  private started(): Client {
    if (!this.client) throw notStarted();
    return this.client;
  }
}

function notStarted(): StudioError {
  return new StudioError("not_started", "The Studio service is not started.");
}

/** Model work between two metrics snapshots (extract only: runs are extracts). */
function difference(before: ClientMetrics, after: ClientMetrics) {
  return {
    llmCalls: after.extract.llmCalls - before.extract.llmCalls,
    inputTokens: after.extract.inputTokens - before.extract.inputTokens,
    outputTokens: after.extract.outputTokens - before.extract.outputTokens,
  };
}
