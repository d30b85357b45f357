import { createRoot } from "react-dom/client";
import { connectStudio, type PreloadBridge } from "./api/connect-studio.js";
import { App } from "./app/app.js";
import "./app/app.css";

// The composition root: the only place that looks at `window`, to pick the transport this shell offers.
const root = createRoot(document.getElementById("root")!);
const bridge = (window as { loupeStudio?: PreloadBridge }).loupeStudio;
connectStudio(window.location, bridge, window.history).then(
  (client) => root.render(<App client={client} />),
  (error: unknown) =>
    root.render(
      <div className="fatal" role="alert">
        <h1>Loupe Studio could not start</h1>
        <p>{error instanceof Error ? error.message : String(error)}</p>
      </div>,
    ),
);
