import { createContext, useContext, useEffect, type ReactNode } from "react";
import type { StudioClient, StudioEvent, StudioEventName } from "@loupe/studio/common";

const StudioContext = createContext<StudioClient | undefined>(undefined);

/** Makes the typed Studio client available to every component below. */
export function StudioProvider({ client, children }: { client: StudioClient; children: ReactNode }) {
  return <StudioContext.Provider value={client}>{children}</StudioContext.Provider>;
}

/** The typed Studio client (components never reach for a transport or a window global). */
export function useStudio(): StudioClient {
  const client = useContext(StudioContext);
  if (!client) throw new Error("useStudio() needs a <StudioProvider> above it.");
  return client;
}

/** Calls `handler` with every `event` while the component is mounted. */
export function useStudioEvent<E extends StudioEventName>(
  event: E,
  handler: (payload: StudioEvent<E>) => void,
): void {
  const client = useStudio();
  useEffect(() => client.on(event, handler), [client, event, handler]);
}
