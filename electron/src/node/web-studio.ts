import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createStudioServer } from "./studio-server.js";
import { StudioService, type StudioServiceOptions } from "./studio-service.js";
import { startStudioWebServer, type LaunchTicket } from "./studio-web-server.js";

/** A running Studio in web mode: the service, the API and the UI on one loopback origin. */
export interface WebStudio {
  /** What to open in a browser (token included). */
  url: string;
  /**
   * An address with a one-time launch code instead of the token, for a browser the launcher starts (the
   * address goes in a 0600 file, never on a command line), and when that code is spent.
   */
  launch(): LaunchTicket;
  port: number;
  service: StudioService;
  close(): Promise<void>;
}

/** Where the built UI lives: `@loupe/renderer`'s `dist/`. */
export function rendererDist(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve("@loupe/renderer/package.json")), "dist");
}

/**
 * Starts the Studio for a browser: the service (Chromium, in-process fetch, demo page), then the UI and
 * API server on 127.0.0.1. Everything started is stopped again if a later step fails.
 */
export async function startWebStudio(
  options: {
    port?: number;
    rendererDir?: string;
    service?: Omit<StudioServiceOptions, "emit" | "shell">;
  } = {},
): Promise<WebStudio> {
  const emitTo: { server?: ReturnType<typeof createStudioServer> } = {};
  const service = new StudioService({
    ...options.service,
    shell: "web",
    emit: (event, payload) => emitTo.server?.emit(event, payload),
  });
  await service.start();
  try {
    const studio = createStudioServer(service.handlers);
    emitTo.server = studio;
    const web = await startStudioWebServer({
      rendererDir: options.rendererDir ?? rendererDist(),
      ...(options.port !== undefined ? { port: options.port } : {}),
      onConnection: (transport) => studio.attach(transport),
    });
    return {
      url: web.url,
      launch: () => web.launch(),
      port: web.port,
      service,
      close: async () => {
        await web.close();
        await service.stop();
      },
    };
  } catch (error) {
    await service.stop();
    throw error;
  }
}
