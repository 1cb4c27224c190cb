import { defineConfig } from "vitest/config";
import path from "node:path";
import { LongestFirstSequencer } from "./test/support/sequencer";

// Service and unit tests. The same suite runs once per database: LUPA_TEST_DB=pglite (default)
// or LUPA_TEST_DB=postgres (scripts/test.mjs runs both and prints the closing summary line).
export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/support/global-setup.ts"],
    environment: "node",
    pool: "forks",
    isolate: false,
    // two files at a time: with three (tried), the machine was busy all through npm test and
    // timing-sensitive service tests (a sweeper's window, a slow document caught mid-way) failed
    maxWorkers: 2,
    sequence: { sequencer: LongestFirstSequencer },
    testTimeout: 60_000,
    env: { LUPA_SCRYPT_LOG_N: "12" },
    // setup starts real services: generous on a loaded machine, still a bound on a hang
    hookTimeout: 120_000,
  },
});
