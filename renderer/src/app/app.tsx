import { useEffect, useState } from "react";
import type { StudioClient, StudioResult } from "@loupe/studio/common";
import { StudioProvider } from "../api/studio-context.js";
import { StudioStateProvider } from "../state/studio-state.js";
import { keptWorkspace } from "../state/kept-workspace.js";
import { newWorkspace } from "../state/workspace.js";
import { StudioLayout } from "./studio-layout.js";

/**
 * Asks the service who it is (demo page, shell), then shows the Studio on the demo page: the first
 * thing a new user sees is a page that works.
 */
export function App({ client }: { client: StudioClient }) {
  const [info, setInfo] = useState<StudioResult<"app.info"> | Error>();
  useEffect(() => {
    client.call("app.info", {}).then(setInfo, (error: unknown) => setInfo(error as Error));
  }, [client]);
  if (info === undefined) return <div className="splash">Starting Loupe Studio…</div>;
  if (info instanceof Error)
    return (
      <div className="fatal" role="alert">
        <h1>Loupe Studio could not start</h1>
        <p>{info.message}</p>
      </div>
    );
  return (
    <StudioProvider client={client}>
      <StudioStateProvider
        initial={{
          ...(keptWorkspace(info.demoUrl) ?? {
            workspace: newWorkspace(info.demoUrl),
            schemaOrigin: "typed",
          }),
          pages: [],
          picked: undefined,
          variables: [],
        }}
      >
        <StudioLayout info={info} />
      </StudioStateProvider>
    </StudioProvider>
  );
}
