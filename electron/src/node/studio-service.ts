import { Client, type ClientOptions } from "@loupe/core";
import { createLocalFetcher, type LocalFetcher } from "@loupe/cloud/local-fetch";
import { startDemoServer, type DemoServer } from "@loupe/core/demo";
import { DEFAULT_MODEL, SecretRedactor, pageTargetsOf, type PageSessions } from "@loupe/core/engine";
import type { StudioEvent, StudioEventName, StudioHandlers } from "../common/studio-api.js";
import { appHandlers } from "./handlers/app-handlers.js";
import { actHandlers } from "./handlers/act-handlers.js";
import { browseHandlers } from "./handlers/browse-handlers.js";
import { extractHandlers } from "./handlers/extract-handlers.js";
import { historyHandlers } from "./handlers/history-handlers.js";
import { liveHandlers } from "./handlers/live-handlers.js";
import { fetchHandlers } from "./handlers/fetch-handlers.js";
import { selectorHandlers } from "./handlers/selector-handlers.js";
import { settingsHandlers } from "./handlers/settings-handlers.js";
import { EnvironmentKeyStore, type KeyStore } from "./key-store.js";
import { ElementHighlight } from "./live/element-highlight.js";
import { SelectorOutlines } from "./live/selector-outlines.js";
import { TabSnapshots } from "./live/tab-snapshots.js";
import { PageTabs, type StudioPage } from "./page-tabs.js";
import { RunControls } from "./run-controls.js";
import { RunHistory } from "./run-history.js";
import { notStarted, type StudioContext } from "./studio-context.js";
import { followingModel, resolveApiKey, type ModelSettings, type ResolvedModel } from "./studio-settings.js";

/** How the service starts. */
export interface StudioServiceOptions {
  /** Where keys and defaults are read from. Default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** The first model settings; default LOUPE_MODEL or core's DEFAULT_MODEL. */
  settings?: Partial<ModelSettings>;
  /** Extra `Client` options (tests pass `localBrowser`, `logger`). */
  client?: Omit<ClientOptions, "env" | "model" | "disablePino">;
  /** Which shell shows the UI. Default `web`. */
  shell?: "electron" | "web";
  /** Receives every event the service emits (the server's `emit`). */
  emit?: <E extends StudioEventName>(event: E, payload: StudioEvent<E>) => void;
  /** Where model keys are kept. Default: environment-only (web mode), which refuses to store keys. */
  keyStore?: KeyStore;
}

/**
 * The Studio's work, behind the Studio API and free of Electron: a LOCAL `@loupe/core` Client for the
 * browser and Loupe Cloud's fetch pipeline, run in this process (loopback targets allowed), for fetch.
 * Each area's handlers live in `handlers/`; this class owns only the lifecycle and the shared context.
 */
export class StudioService {
  private client: Client | undefined;
  /** Lives with the client: a new browser session starts with nothing typed. */
  private secrets = new SecretRedactor();
  private fetcher: LocalFetcher | undefined;
  private demo: DemoServer | undefined;
  private readonly tabs = new PageTabs();
  private readonly snapshots = new TabSnapshots();
  private readonly highlight = new ElementHighlight();
  private readonly outlines = new SelectorOutlines();
  private readonly history: RunHistory;
  private readonly runs = new RunControls();
  private settings: ModelSettings;
  private readonly env: Readonly<Record<string, string | undefined>>;
  private readonly keys: KeyStore;
  /** One handler per Studio method, for `createStudioServer`. */
  readonly handlers: StudioHandlers;

  constructor(private readonly options: StudioServiceOptions = {}) {
    this.env = options.env ?? process.env;
    this.keys = options.keyStore ?? new EnvironmentKeyStore(this.env);
    this.settings = {
      model: options.settings?.model ?? this.env["LOUPE_MODEL"] ?? DEFAULT_MODEL,
      ...(options.settings?.baseURL ? { baseURL: options.settings.baseURL } : {}),
    };
    this.history = new RunHistory(
      (event, payload) => this.options.emit?.(event, payload),
      (page) => this.sessionsFor(page),
    );
    const context = this.context();
    this.handlers = {
      ...appHandlers(context),
      ...browseHandlers(context),
      ...liveHandlers(context),
      ...selectorHandlers(context),
      ...extractHandlers(context, this.runs),
      ...actHandlers(context, this.runs),
      ...fetchHandlers(context, this.runs),
      ...settingsHandlers(context),
      ...historyHandlers(context),
    };
  }

  /** Starts Chromium and the fetch pipeline. */
  async start(): Promise<void> {
    this.demo = await startDemoServer();
    this.fetcher = createLocalFetcher({
      allowPrivateNetwork: true,
      model: followingModel(() => this.modelConfiguration()),
    });
    const client = new Client({ ...this.options.client, env: "LOCAL", disablePino: true });
    await client.init();
    this.client = client;
    this.secrets = new SecretRedactor();
    for (const page of client.context.pages()) this.tabs.activate(this.tabs.track(page));
    client.context.on("page", (page) => {
      this.tabs.track(page);
      // A tab the page itself opens (a target=_blank link, window.open) comes to the front, as in a
      // browser; tabs the Studio opens are activated by their own handler.
      void page
        .opener()
        .then((opener) => {
          const id = this.tabs.idOf(page);
          if (opener && id) this.tabs.activate(id);
        })
        .catch(() => {});
    });
  }

  /** Stops everything `start` started; safe to call more than once. */
  async stop(): Promise<void> {
    this.runs.abortAll();
    const client = this.client;
    this.client = undefined;
    await client?.close().catch(() => {});
    await this.fetcher?.close();
    this.fetcher = undefined;
    await this.demo?.close();
    this.demo = undefined;
  }

  private context(): StudioContext {
    return {
      client: () => this.client ?? throwNotStarted(),
      fetcher: () => this.fetcher ?? throwNotStarted(),
      demoUrl: () => this.demo?.url ?? throwNotStarted(),
      secrets: () => this.secrets,
      shell: this.options.shell ?? "web",
      tabs: this.tabs,
      sessionsFor: (page) => this.sessionsFor(page),
      snapshots: this.snapshots,
      highlight: this.highlight,
      outlines: this.outlines,
      history: this.history,
      env: this.env,
      keys: this.keys,
      settings: () => this.settings,
      setSettings: (settings) => {
        this.settings = settings;
      },
      modelConfiguration: (override) => this.modelConfiguration(override),
      emit: (event, payload) => this.options.emit?.(event, payload),
    };
  }

  private sessionsFor(page: StudioPage): Promise<PageSessions> {
    const client = this.client ?? throwNotStarted();
    return pageTargetsOf(client).sessionsForPage(page);
  }

  private modelConfiguration(override?: string): ResolvedModel {
    const modelName = override ?? this.settings.model;
    // The key comes from the key store or this service's environment and goes to the model only, never
    // to the renderer.
    const apiKey = resolveApiKey(modelName, this.keys, this.env, this.settings.baseURL);
    return {
      modelName,
      ...(apiKey ? { apiKey } : {}),
      ...(this.settings.baseURL ? { baseURL: this.settings.baseURL } : {}),
    };
  }
}

function throwNotStarted(): never {
  throw notStarted();
}
