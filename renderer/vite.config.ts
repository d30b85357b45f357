import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

const ZOD_TYPES = "virtual:zod-types";

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
  plugins: [zodTypes()],
  // Monaco's language workers are ES modules (`?worker` imports in schema-editor/monaco-setup.ts).
  worker: { format: "es" },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 8000,
  },
});

/**
 * `virtual:zod-types`: zod's declaration files as `{ "file:///node_modules/zod/…": text }`, read from
 * the installed zod at build time, so the schema editor gives zod completions and type errors with no
 * network. Only what `import { z } from "zod"` reaches: the root entry, v4 classic, core and locales.
 */
function zodTypes(): Plugin {
  const resolved = `\0${ZOD_TYPES}`;
  return {
    name: "loupe-zod-types",
    resolveId: (id) => (id === ZOD_TYPES ? resolved : undefined),
    load(id) {
      if (id !== resolved) return undefined;
      const root = dirname(createRequire(import.meta.url).resolve("zod/package.json"));
      const files: Record<string, string> = {
        "file:///node_modules/zod/package.json": JSON.stringify({ name: "zod", types: "index.d.ts" }),
      };
      const add = (path: string) => {
        files[`file:///node_modules/zod/${relative(root, path).replaceAll("\\", "/")}`] = readFileSync(
          path,
          "utf8",
        );
      };
      add(join(root, "index.d.ts"));
      for (const folder of ["v4/classic", "v4/core", "v4/locales"])
        for (const name of readdirSync(join(root, folder)))
          if (name.endsWith(".d.ts")) add(join(root, folder, name));
      return `export default ${JSON.stringify(files)};`;
    },
  };
}
