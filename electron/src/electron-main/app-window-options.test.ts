import { describe, expect, it } from "vitest";
import { studioMethods } from "../common/studio-methods.js";
import { appWindowOptions } from "./app-window-options.js";
import { METHODS_ARGUMENT } from "./ipc-protocol.js";

describe("appWindowOptions", () => {
  const options = appWindowOptions("/app/dist/preload/preload.cjs", Object.keys(studioMethods));

  it("isolates the page from Node and Electron (Electron's security checklist)", () => {
    expect(options.webPreferences).toMatchObject({
      preload: "/app/dist/preload/preload.cjs",
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
    });
  });

  it("hands the preload every Studio method name and nothing else", () => {
    const args = options.webPreferences?.additionalArguments ?? [];
    expect(args).toHaveLength(1);
    expect(args[0]?.startsWith(METHODS_ARGUMENT)).toBe(true);
    expect(args[0]?.slice(METHODS_ARGUMENT.length).split(",").sort()).toEqual(
      Object.keys(studioMethods).sort(),
    );
  });

  it("stays hidden until its first paint", () => {
    expect(options.show).toBe(false);
  });
});
