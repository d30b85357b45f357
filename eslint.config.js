// One lint setup for the whole repository. The folder a file lives in says which process it runs in,
// and the import rules below hold each folder to what that process may load (STYLE: "the folder says
// where code runs"), so a wrong import fails CI instead of a user's install.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const NODE_BUILTINS = [
  "node:*",
  "fs",
  "fs/*",
  "path",
  "os",
  "child_process",
  "net",
  "http",
  "https",
  "crypto",
  "stream",
  "url",
  "worker_threads",
];

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "scratch/**", "test-results/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    // core/ runs in any Node process (a CLI, a server, a serverless function): no UI, no app shell.
    files: ["core/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["electron", "electron/*", "react", "react-dom", "react/*", "react-dom/*"],
              message: "core/ runs in any Node process: no Electron or React.",
            },
            {
              group: [
                "**/cloud/**",
                "**/electron/**",
                "**/renderer/**",
                "**/cli/**",
                "@loupe/cloud",
                "@loupe/studio",
                "@loupe/cli",
              ],
              message: "core/ is the bottom layer: it imports no other package of the repository.",
            },
          ],
        },
      ],
    },
  },
  {
    // core/src/protocol/ is Loupe Cloud's HTTP contract, loaded by the renderer too: zod and nothing else.
    files: ["core/src/protocol/**/*.ts"],
    ignores: ["core/src/protocol/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^(?!zod$|\\./)", message: "protocol/ is zod schemas only: it loads in a browser." },
          ],
        },
      ],
    },
  },
  {
    // cloud/ is a server built on core/.
    files: ["cloud/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["electron", "electron/*", "react", "react-dom", "react/*"],
              message: "cloud/ is a server: no Electron or React.",
            },
            {
              group: ["**/electron/**", "**/renderer/**", "../core/**", "../../core/**"],
              message: "cloud/ builds on @loupe/core through its package name only.",
            },
            {
              group: ["@loupe/studio", "@loupe/studio/*", "@loupe/cli", "@loupe/cli/*", "**/cli/src/**"],
              message: "cloud/ sits below the Studio and the command line: it imports neither.",
            },
          ],
        },
      ],
    },
  },
  {
    // cli/ is the top layer: the `loupe` command, built on core, cloud and the Studio.
    files: ["cli/**/*.{ts,js}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["electron", "electron/*", "react", "react-dom", "react/*"],
              message:
                "cli/ is a Node command: no Electron or React (`loupe studio` starts Electron as a process).",
            },
            {
              group: [
                "../../**",
                "**/core/src/**",
                "**/cloud/src/**",
                "**/electron/src/**",
                "**/renderer/src/**",
              ],
              message:
                "cli/ uses the other packages through their names (@loupe/core, @loupe/cloud, @loupe/studio/cli), never their files.",
            },
          ],
        },
      ],
    },
  },
  {
    // renderer/ is browser code: it talks to the main process only through the typed Studio API.
    files: ["renderer/**/*.{ts,tsx}"],
    // The build config runs in Node, not in the page.
    ignores: ["renderer/vite.config.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: NODE_BUILTINS, message: "renderer/ runs in the browser: no Node modules." },
            {
              group: ["electron", "electron/*"],
              message: "renderer/ reaches the main process only through the Studio API.",
            },
            {
              group: ["@loupe/core", "@loupe/cloud", "**/core/src/**", "**/cloud/**", "**/electron/**"],
              message: "renderer/ uses the Studio API, not the engine directly.",
            },
            {
              // The contract is the one door: `@loupe/studio/common`, never the service behind it.
              regex: "^@loupe/studio(?!/common$)",
              message: "renderer/ imports the Studio only as `@loupe/studio/common`.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["renderer/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    // The Studio API contract crosses into the browser: zod and plain TypeScript only.
    files: ["electron/src/common/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: NODE_BUILTINS, message: "common/ is imported by the renderer: no Node modules." },
            { group: ["electron", "electron/*"], message: "common/ is the contract only." },
            {
              // Loupe Cloud's HTTP contract is zod only, so the Studio's fetch contract is built on it.
              regex: "^@loupe/(?!core/protocol$)",
              message: "common/ is the contract only (and Loupe Cloud's, `@loupe/core/protocol`).",
            },
          ],
        },
      ],
    },
  },
  {
    // The service runs in any Node process (web mode, tests); only electron-main/ and preload/ load Electron.
    files: ["electron/src/node/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["electron", "electron/*"], message: "node/ is the Electron-free service." },
            { group: ["react", "react-dom", "react/*"], message: "node/ has no UI." },
            { group: ["@loupe/cli", "@loupe/cli/*"], message: "The Studio sits below the command line." },
          ],
        },
      ],
    },
  },
);
