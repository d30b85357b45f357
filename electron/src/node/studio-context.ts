import type { LocalFetcher } from "@loupe/cloud/local-fetch";
import type { Client, ModelConfiguration } from "@loupe/core";
import type { PageSessions, SecretRedactor } from "@loupe/core/engine";
import type { StudioEvent, StudioEventName } from "../common/studio-api.js";
import { StudioError } from "../common/studio-error.js";
import type { KeyStore } from "./key-store.js";
import type { ElementHighlight } from "./live/element-highlight.js";
import type { SelectorOutlines } from "./live/selector-outlines.js";
import type { TabSnapshots } from "./live/tab-snapshots.js";
import type { PageTabs, StudioPage } from "./page-tabs.js";
import type { RunHistory } from "./run-history.js";
import type { ModelSettings } from "./studio-settings.js";

/**
 * What every area's handlers share: the started client and fetcher, the tabs, the model settings and the
 * event channel. Handlers get it from the service and never reach into each other.
 */
export interface StudioContext {
  /** The LOCAL client; throws `not_started` before `start()`. */
  client(): Client;
  /** Loupe Cloud's fetch pipeline, in this process; throws `not_started` before `start()`. */
  fetcher(): LocalFetcher;
  /** The bundled demo page's URL; throws `not_started` before `start()`. */
  demoUrl(): string;
  /** Which shell shows the UI. */
  readonly shell: "electron" | "web";
  readonly tabs: PageTabs;
  /**
   * Loupe's CDP sessions for a tab (the page and its out-of-process iframes), from the client's own
   * registry: the snapshot view, the live view, the picker and every run share them.
   */
  sessionsFor(page: StudioPage): Promise<PageSessions>;
  /** Each tab's last snapshot, as the snapshot view shows it. */
  readonly snapshots: TabSnapshots;
  /**
   * The one highlight drawn on the live view (picker, snapshot view, the element act acted on). It goes
   * when the tab navigates or another becomes active, and when a run starts.
   */
  readonly highlight: ElementHighlight;
  /** The selector box's outlines of every match on the live page (apart from the one highlight). */
  readonly outlines: SelectorOutlines;
  /**
   * The values act's variables typed in this session, masked in the page text the Studio shows itself
   * (snapshot, picker) as the client masks it in everything it returns.
   */
  secrets(): SecretRedactor;
  /** Where every finished run is reported (`history.record`). */
  readonly history: RunHistory;
  /** Where keys and defaults are read from (never sent to the renderer). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Model API keys per provider (keychain in the desktop app, environment-only in web mode). */
  readonly keys: KeyStore;
  settings(): ModelSettings;
  setSettings(settings: ModelSettings): void;
  /** The model for a run: the settings' model (or an override) with the key from the key store or the environment. */
  modelConfiguration(override?: string): ModelConfiguration;
  emit<E extends StudioEventName>(event: E, payload: StudioEvent<E>): void;
}

/** The error for a call made before the service started (or after it stopped). */
export function notStarted(): StudioError {
  return new StudioError("not_started", "The Studio service is not started.");
}
