import { defaultServerConditions } from "vite";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    // Workspace packages resolve to their TypeScript sources in tests, so a test never runs stale dist.
    conditions: ["@loupe/source"],
  },
  // Tests run in Vite's server (SSR) environment, which takes its conditions from here, not from `resolve`.
  ssr: { resolve: { conditions: ["@loupe/source", ...defaultServerConditions] } },
  test: {
    include: [
      "core/src/**/*.test.ts",
      "cloud/src/**/*.test.ts",
      "electron/src/**/*.test.ts",
      "cli/src/**/*.test.ts",
      "renderer/src/**/*.test.{ts,tsx}",
      "test/**/*.test.ts",
    ],
    reporters: ["default", "./test/support/summary-reporter.ts"],
    // LOUPE_TEST_DATABASE=postgres runs the Cloud suite on a throwaway PostgreSQL instead of SQLite.
    globalSetup:
      process.env["LOUPE_TEST_DATABASE"] === "postgres" ? ["./test/support/postgres-global-setup.ts"] : [],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll waits for a condition, not a deadline: a loaded machine needs longer than its 1 s default.
    expect: { poll: { timeout: 15_000 } },
    // Each test file drives its own Chromium; two cores allow two at once without starving the browsers.
    maxWorkers: 2,
  },
});
