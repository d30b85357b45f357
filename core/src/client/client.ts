import type { BrowserContext } from "playwright-core";
import type { BrowserSession } from "../browser/browser-session.js";
import { startLocalBrowser } from "../browser/local-browser.js";
import { ClientError, ExtractTimeoutError } from "../errors.js";
import { parseActArguments, type ActOptions } from "../act/act-arguments.js";
import { runAct, type ActDependencies, type ActResult } from "../act/run-act.js";
import { watchNetwork } from "../act/page-settle.js";
import type { PageSessions } from "../cdp/page-sessions.js";
import { openTargetIdOf } from "../cdp/page-target.js";
import { PageTargets } from "../cdp/page-targets.js";
import { parseExtractArguments, type ExtractOptions } from "../extract/extract-arguments.js";
import { runExtract } from "../extract/run-extract.js";
import { abortablePageRead } from "../extract/abortable.js";
import { abortOnTimeout } from "../extract/operation-timeout.js";
import { resolveInputBudget } from "../model/input-budget.js";
import { createLogger, type Logger } from "../log/logger.js";
import { checkModelConfiguration, resolveLanguageModel, type ModelConfiguration } from "../model/index.js";
import { DEFAULT_MODEL } from "../model/model-environment.js";
import type { ClientEnv, ClientOptions } from "./client-options.js";
import { maskError, maskValue, SecretRedactor, type Mask } from "./secret-redactor.js";
import { MetricsRecorder, type ClientMetrics, type OperationName } from "./metrics.js";
import { ActivePage } from "./active-page.js";
import { resolveCloudEndpoint } from "../cloud-api/cloud-http.js";
import { connectUrlWithKey, startCloudBrowser } from "../cloud-api/cloud-session.js";
import type { CacheStatus } from "../cloud-api/cloud-messages.js";
import { cloudAct, cloudExtract, type CloudOperationsContext } from "../cloud-api/cloud-operations.js";

/**
 * What a started client holds. With env CLOUD extract and act run remotely and the service reads the
 * pages; LOCAL reads them here, through Loupe's sessions for each page.
 */
type Running = { browser: BrowserSession; activePage: ActivePage; logger: Logger } & (
  { cloud: CloudOperationsContext; targets?: undefined } | { cloud?: undefined; targets: PageTargets }
);

type State =
  | { kind: "new" }
  | { kind: "starting"; ready: Promise<void> }
  | ({ kind: "ready" } & Running)
  | { kind: "dead"; reason: string; browser: BrowserSession; logger: Logger }
  | { kind: "closed" };

/** With env CLOUD, object results say whether the service's cache answered. */
type WithCacheStatus<T> = T extends object
  ? T extends unknown[]
    ? T
    : T & { cacheStatus?: CacheStatus }
  : T;

/** What `extract(instruction, schema)` returns: the schema's output type when it declares one. */
type Inferred<S> = S extends { _output: infer O }
  ? O
  : S extends { "~standard": { types?: { output: infer O } } }
    ? O
    : unknown;

let targetsOf: (client: Client) => PageTargets;

/**
 * The Client's registry of Loupe's CDP sessions per page (LOCAL only), for code beside the SDK that reads
 * the same pages — the Studio's live view and its engine runs — so it shares the Client's sessions
 * instead of opening a connection of its own.
 * @throws ClientError before `init()`, after `close()`, with env CLOUD, or once the browser is gone.
 */
export function pageTargetsOf(client: Client): PageTargets {
  return targetsOf(client);
}

/**
 * The entry point of `@loupe/core`: a browser session plus the operations that read and drive it.
 *
 * ```ts
 * const client = new Client();
 * await client.init();
 * const page = client.context.pages()[0];
 * await page.goto("https://example.com");
 * const { pageText } = await client.extract();
 * await client.close();
 * ```
 */
export class Client {
  private state: State = { kind: "new" };

  static {
    // The engine entry point's friend access (see `pageTargetsOf`): nothing on the public type.
    targetsOf = (client) => {
      const running = client.ready();
      if (!running.targets)
        throw new ClientError("With env CLOUD the service reads the pages; there are no local sessions.");
      return running.targets;
    };
  }
  private readonly recorder = new MetricsRecorder();
  private readonly secrets = new SecretRedactor();
  private readonly env: ClientEnv;
  private readonly model: ModelConfiguration;

  /**
   * Creates a client; nothing starts until `init()`.
   * @throws ClientError for an unknown `env`; InvalidAISDKModelFormatError or UnsupportedModelError when
   *   `model` (or LOUPE_MODEL) is not a supported `provider/model`.
   */
  constructor(private readonly options: ClientOptions = {}) {
    this.env = options.env ?? "LOCAL";
    if (this.env !== "LOCAL" && this.env !== "CLOUD")
      throw new ClientError(`env must be "LOCAL" or "CLOUD", not ${JSON.stringify(options.env)}.`);
    this.model = options.model ?? process.env["LOUPE_MODEL"] ?? DEFAULT_MODEL;
    checkModelConfiguration(this.model);
  }

  /**
   * Starts the browser: LOCAL launches Chromium (found by `localBrowser.executablePath`,
   * LOUPE_CHROMIUM_PATH or the usual install places); CLOUD creates a hosted session on Loupe Cloud
   * (`apiKey`, `cloudURL`, `sessionCreateParams`) and connects to its browser.
   * @throws ClientError when no browser can be found or started, or when called twice. CLOUD: when there
   *   is no API key, the key is refused, or the service cannot be reached (the message names `cloudURL`).
   */
  async init(): Promise<void> {
    if (this.state.kind !== "new") {
      throw new ClientError(
        this.state.kind === "closed"
          ? "This client is closed; create a new Client to start again."
          : "init() was already called on this client.",
      );
    }
    const ready = this.start();
    this.state = { kind: "starting", ready };
    try {
      await ready;
    } catch (error) {
      this.state = { kind: "new" };
      throw error;
    }
  }

  /** The Playwright browser context: `pages()`, `newPage()` and the rest of Playwright's API. */
  get context(): BrowserContext {
    return this.ready().browser.context;
  }

  /**
   * The browser's CDP websocket URL, to attach Puppeteer, Patchright or Playwright to the same browser.
   * With env CLOUD it carries the API key as `apiKey` query parameter (the service's proxy admits only the
   * session's project), so treat it as a secret.
   */
  connectURL(): string {
    const { browser, cloud } = this.ready();
    return cloud ? connectUrlWithKey(browser.wsEndpoint, cloud.endpoint.apiKey) : browser.wsEndpoint;
  }

  /** Tokens, model calls and milliseconds spent so far, per operation and in total. */
  get metrics(): ClientMetrics {
    return this.recorder.snapshot();
  }

  /** The page's text as the model would read it. */
  extract(options?: ExtractOptions): Promise<{ pageText: string; cacheStatus?: CacheStatus }>;
  /** A free-text answer to the instruction, from the page. */
  extract(
    instruction: string,
    options?: ExtractOptions,
  ): Promise<{ extraction: string; cacheStatus?: CacheStatus }>;
  /** Data shaped by `schema` (zod 3, zod 4, JSON Schema or Standard Schema), from the page. */
  extract<S>(instruction: string, schema: S, options?: ExtractOptions): Promise<WithCacheStatus<Inferred<S>>>;
  /**
   * Reads the page (the active page, or `options.page`) and returns its text, a free-text answer, or
   * data shaped by a schema — the four call forms: page text, an answer, schema-shaped data, or both.
   *
   * With env CLOUD the service reads the page and its model answers; the value is still parsed by the
   * caller's schema here. Unless `serverCache` is false (for the client or the call), object results
   * carry `cacheStatus`: `"HIT"` when the service answered from its cache, without a model call.
   *
   * @throws ClientError for bad arguments or a selector that matches nothing; XPathResolutionError;
   *   MissingLLMConfigurationError when a model is needed and has no key; LLMResponseError;
   *   SchemaValidationError after one failed repair turn; ExtractTimeoutError past `timeout`.
   */
  async extract(...args: unknown[]): Promise<unknown> {
    const call = parseExtractArguments(args);
    return this.operation("extract", call.options.timeout, async (running, signal) => {
      const page = call.options.page ?? running.activePage.get();
      if (running.cloud) return cloudExtract(running.cloud, call, await openTargetIdOf(page), signal);
      return runExtract(call, {
        ...this.localDependencies(await this.attachTo(running.targets, page, signal), running.logger, signal),
        resolveBudget: (override) => resolveInputBudget(override ?? this.model),
        onReport: (report) => this.recorder.recordExtractReport(report),
      });
    });
  }

  /**
   * Performs exactly one action the instruction describes (click, fill, type, press, select, check,
   * hover, scroll) on the active page or `options.page`, and says what it did.
   *
   * `%name%` placeholders in the action's arguments are filled from `options.variables` after the model
   * has answered, so their values never reach the model. Nor do they appear in what act returns, logs or
   * throws (the message names `%name%`), and from then on every prompt and result of this client (with
   * env CLOUD, of its hosted session) has them masked by their placeholders.
   *
   * @returns `{ success: false, message }` without touching the page when no element fits.
   * @throws ClientError when the chosen action fails twice (naming the element and the reason), for bad
   *   arguments, or before `init()`; MissingLLMConfigurationError; LLMResponseError; ExtractTimeoutError
   *   (operation "act") past `timeout`.
   */
  async act(instruction: string, options?: ActOptions): Promise<ActResult> {
    const call = parseActArguments(instruction, options);
    this.secrets.remember(call.options.variables);
    return this.operation("act", call.options.timeout, async (running, signal) => {
      const page = call.options.page ?? running.activePage.get();
      if (running.cloud)
        return cloudAct(running.cloud, call.instruction, call.options, await openTargetIdOf(page), signal);
      return runAct(
        call.instruction,
        call.options,
        this.localDependencies(await this.attachTo(running.targets, page, signal), running.logger, signal),
      );
    });
  }

  /**
   * Ends the browser and frees everything the client holds. With env CLOUD it ends the hosted session on
   * the service, even when the connection to its browser has already dropped.
   * @throws ClientError when the client was already closed; CLOUD: when the service could not be told to
   *   end the session (it then ends at its idle timeout).
   */
  async close(): Promise<void> {
    const state = this.state;
    if (state.kind === "closed") throw new ClientError("This client is already closed.");
    this.state = { kind: "closed" };
    if (state.kind === "starting") await state.ready.catch(() => {});
    if (state.kind === "ready" || state.kind === "dead") {
      try {
        await state.browser.close();
      } finally {
        await state.logger.close();
      }
    }
  }

  /**
   * Loupe's sessions for a page, within the call's time: attaching to a page whose renderer is stuck in
   * a script waits on it (the attach asks the page itself), and nothing after could time the call out.
   */
  private attachTo(targets: PageTargets, page: unknown, signal: AbortSignal): Promise<PageSessions> {
    return abortablePageRead(targets.sessionsForPage(page), signal);
  }

  /** What extract and act need to run here, on a page's sessions (the same for both). */
  private localDependencies(sessions: PageSessions, logger: Logger, signal: AbortSignal): ActDependencies {
    return {
      sessions,
      resolveModel: (override) => resolveLanguageModel(override ?? this.model),
      metrics: this.recorder,
      redact: (text, inUrl) => this.secrets.redact(text, inUrl),
      rememberShown: (name, shown) => this.secrets.rememberShown(name, shown),
      logger,
      signal,
    };
  }

  /**
   * What every operation shares: a started client, the page's sessions, a timeout that aborts the work
   * (and the model request in flight), the metrics, a dead browser reported as such, and variables'
   * values masked in what comes back or is thrown (CLOUD included, whatever the service answers).
   */
  private async operation<T>(
    name: OperationName,
    timeout: number | undefined,
    work: (running: Running, signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const running = this.ready();
    const logger = running.logger;
    const started = performance.now();
    const controller = new AbortController();
    const cancelTimeout = abortOnTimeout(controller, name, timeout);
    const redact: Mask = (text, inUrl) => this.secrets.redact(text, inUrl);
    try {
      const result = await work(running, controller.signal);
      return this.secrets.size ? maskValue(result, redact) : result;
    } catch (error) {
      throw maskError(this.explain(error), redact);
    } finally {
      cancelTimeout();
      const ms = performance.now() - started;
      this.recorder.recordOperation(name, ms);
      logger.log("info", name, `${name} finished`, { ms: Math.round(ms) });
    }
  }

  private async start(): Promise<void> {
    const logger = await createLogger({
      ...(this.options.disablePino !== undefined ? { disablePino: this.options.disablePino } : {}),
      ...(this.options.logger ? { sink: this.options.logger } : {}),
    });
    const onDeath = (reason: string) => this.onBrowserDeath(reason);
    let browser: BrowserSession;
    let cloud: CloudOperationsContext | undefined;
    try {
      if (this.env === "CLOUD") {
        const endpoint = resolveCloudEndpoint(this.options);
        const started = await startCloudBrowser(endpoint, this.options.sessionCreateParams, onDeath);
        browser = started.browser;
        cloud = {
          endpoint,
          sessionId: started.session.id,
          metrics: this.recorder,
          serverCache: this.options.serverCache ?? true,
        };
        logger.log("info", "client", "browser started", {
          env: this.env,
          sessionId: started.session.id,
          region: started.session.region,
          wsEndpoint: browser.wsEndpoint,
        });
      } else {
        browser = await startLocalBrowser(this.options.localBrowser ?? {}, onDeath);
        logger.log("info", "client", "browser started", { env: this.env, wsEndpoint: browser.wsEndpoint });
      }
    } catch (error) {
      await logger.close();
      throw error;
    }
    try {
      const activePage = new ActivePage(browser.context);
      // A hosted session's pages are read by the service; here only the active page is tracked.
      const reading = cloud
        ? { cloud }
        : { targets: await PageTargets.follow(browser.connection, { prepare: watchNetwork }) };
      if (this.state.kind === "closed") {
        // close() was called while starting: finish the shutdown it could not do.
        await browser.close();
        await logger.close();
        return;
      }
      this.state = { kind: "ready", browser, activePage, logger, ...reading };
    } catch (error) {
      await browser.close().catch(() => {});
      await logger.close();
      throw error;
    }
  }

  private onBrowserDeath(reason: string): void {
    if (this.state.kind !== "ready") return;
    this.state.logger.log("error", "client", `the browser is gone: ${reason}`);
    this.state = { kind: "dead", reason, browser: this.state.browser, logger: this.state.logger };
  }

  private ready(): Running {
    switch (this.state.kind) {
      case "ready":
        return this.state;
      case "new":
      case "starting":
        throw new ClientError("The client is not started: call `await client.init()` first.");
      case "dead":
        throw this.deadError(this.state.reason);
      case "closed":
        throw new ClientError("This client is closed; create a new Client to start again.");
    }
  }

  private deadError(reason: string): ClientError {
    return new ClientError(
      `The browser is no longer running (${reason}). Close this client and create a new one.`,
    );
  }

  /** A failure caused by the browser dying mid-call is reported as that, not as the symptom it caused. */
  private explain(error: unknown): unknown {
    if (this.state.kind === "dead" && !(error instanceof ExtractTimeoutError))
      return Object.assign(this.deadError(this.state.reason), { cause: error });
    return error;
  }
}
