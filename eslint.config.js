// One lint setup for the whole repository. The folder a file lives in says which process it runs in,
// and the import rules below hold each folder to what that process may load (STYLE: "the folder says
// where code runs"), so a wrong import fails CI instead of a user's install.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import regexp from "eslint-plugin-regexp";
import tseslint from "typescript-eslint";
import { folderBoundaries } from "./scripts/lint/folder-boundaries.js";

const ELECTRON_ONLY = "electron-main/ and preload/ run inside Electron";

/**
 * Where each folder's relative imports may land (its own folder always may). The package-name rules
 * below cannot see these: `../../node/x.js` names no folder they forbid.
 */
const AREAS = [
  { folder: "core", may: [], testsMay: ["test/support"], why: "core/ is the bottom layer." },
  { folder: "cloud", may: [], testsMay: ["test/support"], why: "cloud/ reaches core as @loupe/core." },
  { folder: "cli", may: [], why: "cli/ reaches the other packages through their names." },
  {
    folder: "electron/src/common",
    may: [],
    why: "common/ is the Studio contract the renderer loads: nothing of the service or the shells.",
  },
  {
    folder: "electron/src/node",
    may: ["electron/src/common"],
    testsMay: ["test/support"],
    why: `node/ is the Electron-free service (${ELECTRON_ONLY}).`,
  },
  {
    folder: "electron/src/electron-main",
    may: ["electron/src/common", "electron/src/node"],
    why: "electron-main/ runs the service and the contract, not the command line.",
  },
  {
    folder: "electron/src/preload",
    may: ["electron/src/common"],
    testsMay: ["electron/src/electron-main", "electron/src/node"],
    why: "preload/ runs sandboxed in the page's process: the contract only.",
  },
  {
    folder: "electron/src/cli",
    may: ["electron/src/common", "electron/src/node"],
    why: `the Studio's launcher runs under plain Node (${ELECTRON_ONLY}).`,
  },
  { folder: "renderer", may: [], why: "renderer/ is browser code: the Studio API is its one door." },
  {
    folder: "bench",
    may: ["core", "cloud", "electron/src/common", "electron/src/node", "renderer/src", "test/support"],
    why: `the bench runs under plain Node (${ELECTRON_ONLY}).`,
  },
  {
    folder: "test",
    may: [
      "core",
      "cloud",
      "cli",
      "bench",
      "examples",
      "electron/src/common",
      "electron/src/node",
      "electron/src/cli",
    ],
    why: `system tests run under plain Node (${ELECTRON_ONLY}).`,
  },
  { folder: "examples", may: [], why: "an example is deployed alone and uses @loupe/core by name." },
];

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
    plugins: { loupe: { rules: { "folder-boundaries": folderBoundaries } } },
    rules: {
      "loupe/folder-boundaries": ["error", { areas: AREAS }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    // Pages, headers and model answers are hostile: a regular expression that backtracks or rescans
    // super-linearly on some input turns one request into seconds of CPU (a 3 KB model answer took
    // 12 s under one such pattern). Tests and the bench read only inputs they made themselves.
    files: ["**/*.{ts,tsx,cts,js,mjs,cjs}"],
    ignores: ["**/*.test.{ts,tsx}", "**/*.test.support.ts", "bench/**", "test/**"],
    plugins: { regexp },
    rules: {
      "regexp/no-super-linear-backtracking": "error",
      "regexp/no-super-linear-move": "error",
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
    // The bench and the system tests run under plain Node: Electron is started as a process, never loaded.
    files: ["bench/**/*.{ts,js,mjs}", "test/**/*.{ts,js,mjs}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              // A regex: the glob "electron/*" would also match the relative path of electron/src/.
              regex: "^electron(/|$)",
              message: "bench/ and test/ run under plain Node: start Electron as a process, never import it.",
            },
          ],
        },
      ],
    },
  },
  {
    // The example is deployed on its own: it depends on the published SDK and nothing else of the repository.
    files: ["examples/**/*.{ts,js,mjs}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^@loupe/(?!core$)",
              message: "An example uses the published SDK, @loupe/core, only.",
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
