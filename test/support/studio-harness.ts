/**
 * What every Studio end-to-end test starts with: the Studio in web mode (service, embedded cloud, demo
 * page, UI server) whose model is the scripted server, plus a separate Chromium driving the real UI the
 * way a person's browser would. Screenshots go to `test-results/studio/`.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { findChromium } from "@loupe/core/engine";
import { startWebStudio, type WebStudio } from "../../electron/src/node/web-studio.js";
import { startModelServer, type ModelServer, type ModelServerOptions } from "./model-server.js";
import { startPageServers, type PageServers } from "./page-server.js";

/** Where e2e screenshots are written (kept by CI as artifacts; ignored by git). */
export const STUDIO_ARTIFACTS = join(import.meta.dirname, "..", "..", "test-results", "studio");

/** How long an artifact screenshot may take before the test goes on without it. */
const SCREENSHOT_TIMEOUT_MS = 10_000;

export interface StudioHarness {
  studio: WebStudio;
  model: ModelServer;
  servers: PageServers;
  /** The Chromium showing the UI (not the Studio's own automation browser). */
  browser: Browser;
  /** The UI, loaded and connected. */
  ui: Page;
  /**
   * Saves a screenshot of the UI as `test-results/studio/<name>.png` and returns its path, or null (with
   * a warning) when Chromium does not paint one in time.
   */
  screenshot(name: string): Promise<string | null>;
  close(): Promise<void>;
}

/**
 * Starts the Studio in web mode against the scripted model and opens its UI in Chromium. `env` is the
 * service's environment (default: an OpenAI key for the scripted model); `model` configures the scripted
 * model server.
 */
export async function startStudioHarness(
  options: { env?: Record<string, string>; model?: ModelServerOptions } = {},
): Promise<StudioHarness> {
  const [servers, model] = await Promise.all([startPageServers(), startModelServer(options.model)]);
  const studio = await startWebStudio({
    service: {
      env: options.env ?? { OPENAI_API_KEY: "test-key" },
      settings: { model: "openai/x", baseURL: model.baseURL },
    },
  });
  const browser = await chromium.launch({
    executablePath: findChromium(undefined),
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });
  const ui = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await ui.goto(studio.url);
  await ui.getByText("Loupe Studio", { exact: true }).first().waitFor();
  await untilDemoPageOpen(studio);
  await mkdir(STUDIO_ARTIFACTS, { recursive: true });
  return {
    studio,
    model,
    servers,
    browser,
    ui,
    async screenshot(name) {
      const path = join(STUDIO_ARTIFACTS, `${name}.png`);
      // An artifact for whoever reads the run, not a check: on a loaded machine Chromium once took over
      // 30 s to paint one, which failed a test whose own assertions had passed.
      try {
        await ui.screenshot({ path, timeout: SCREENSHOT_TIMEOUT_MS });
        return path;
      } catch (error) {
        console.warn(`Studio screenshot "${name}" not saved: ${(error as Error).message.split("\n")[0]}`);
        return null;
      }
    },
    async close() {
      await browser.close().catch(() => {});
      await studio.close();
      await Promise.all([servers.close(), model.close()]);
    },
  };
}

/**
 * The UI opens the demo page by itself on first load; a test that opened its own tab before that
 * navigation landed would see its tab turned into the demo. Waits until the demo page is the active tab.
 */
export async function untilDemoPageOpen(studio: WebStudio): Promise<void> {
  const { demoUrl } = await studio.service.handlers["app.info"]({});
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { pages } = await studio.service.handlers["session.pages"]({});
    if (pages.some((page) => page.active && page.url.startsWith(demoUrl))) return;
    if (Date.now() > deadline) throw new Error("The Studio UI never opened its demo page.");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A workspace file's content: `url` and the extract fields given, the rest as a new workspace has it. */
export function workspaceFile(
  url: string,
  extract: { instruction: string; schema: { mode: "zod" | "json"; source: string }; options?: object },
) {
  return {
    version: 1,
    url,
    instruction: extract.instruction,
    schema: extract.schema,
    options: extract.options ?? {},
    act: { instruction: "" },
    fetch: {
      url,
      format: "raw",
      schema: "",
      proxies: false,
      allowRedirects: true,
      allowInsecureSsl: false,
      metadata: false,
    },
  };
}

/** Opens a workspace through the UI's file input, as a person choosing the file `name`. */
export async function openWorkspaceFile(ui: Page, name: string, workspace: unknown): Promise<void> {
  await ui.getByLabel("Workspace file").setInputFiles({
    name,
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(workspace)),
  });
}
