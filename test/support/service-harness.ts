/**
 * The Studio service with the scripted model and the page servers, reached over the in-memory
 * transport: what a service test needs, without the UI or a socket. Every kept run is collected.
 */
import { createInMemoryTransportPair } from "../../electron/src/common/in-memory-transport.js";
import type { RunRecord } from "../../electron/src/common/studio-api.js";
import { createStudioClient, type StudioClient } from "../../electron/src/common/studio-client.js";
import type { StudioMessage } from "../../electron/src/common/transport.js";
import { createStudioServer } from "../../electron/src/node/studio-server.js";
import { StudioService } from "../../electron/src/node/studio-service.js";
import { startModelServer, type ModelServer } from "./model-server.js";
import { startPageServers, type PageServers } from "./page-server.js";

export interface ServiceHarness {
  servers: PageServers;
  model: ModelServer;
  service: StudioService;
  client: StudioClient;
  /** Every run the history kept, in order. */
  added: RunRecord[];
  /** Connects another client (another window of the same Studio); answers every message it receives. */
  anotherWindow(): StudioMessage[];
  close(): Promise<void>;
}

/**
 * Starts the service on the scripted model (`openai/x`) and connects a client. `env` is the service's
 * environment (default: a test OpenAI key).
 */
export async function startServiceHarness(
  options: { env?: Record<string, string> } = {},
): Promise<ServiceHarness> {
  const [servers, model] = await Promise.all([startPageServers(), startModelServer()]);
  const emitTo: { server?: ReturnType<typeof createStudioServer> } = {};
  const service = new StudioService({
    env: options.env ?? { OPENAI_API_KEY: "sk-test" },
    settings: { model: "openai/x", baseURL: model.baseURL },
    emit: (event, payload) => emitTo.server?.emit(event, payload),
  });
  await service.start();
  emitTo.server = createStudioServer(service.handlers);
  const pair = createInMemoryTransportPair();
  emitTo.server.attach(pair.server);
  const client = createStudioClient(pair.client);
  const added: RunRecord[] = [];
  client.on("history.added", (run) => added.push(run));
  return {
    servers,
    model,
    service,
    client,
    added,
    anotherWindow() {
      const messages: StudioMessage[] = [];
      const another = createInMemoryTransportPair();
      emitTo.server?.attach(another.server);
      another.client.onMessage((message) => messages.push(message));
      return messages;
    },
    async close() {
      client.close();
      await service.stop();
      await servers.close();
      await model.close();
    },
  };
}
