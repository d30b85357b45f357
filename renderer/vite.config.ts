import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// The Studio's UI. `base: "./"` keeps every asset path relative, so the same build loads from disk in
// Electron (file://) and from the web-mode server on 127.0.0.1.
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "./",
  resolve: {
    // The Studio contract is TypeScript in electron/src/common: bundle it from source.
    conditions: ["@loupe/source"],
  },
  oxc: { jsx: { runtime: "automatic" } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 8000,
  },
});
