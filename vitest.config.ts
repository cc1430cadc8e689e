import { defineConfig } from 'vitest/config';

// Separate from vite.config.ts on purpose: tests run the server code directly, without the React Router plugin.
// The projects run one after the other (sequence.groupOrder): on the 2-core CI machine, PGlite workers beside
// browser workers and their Chromium made each slower than both in turn (measured: 25 min together, 8 min e2e alone).
export default defineConfig({
  test: {
    projects: [
      {
        // The rules and the browser's pure helpers: nothing here waits for the databases the next project migrates.
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['lib/**/*.test.ts', 'domains/**/*.test.ts', 'app/**/*.test.ts'],
          // A concept's server tests (`*.server.test.ts`) read the database the next project migrates.
          exclude: ['**/*.server.test.ts', '**/node_modules/**'],
          environment: 'node',
          pool: 'threads',
          maxWorkers: 2,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'unit-api',
          sequence: { groupOrder: 1 },
          include: ['domains/**/*.server.test.ts', 'platform/**/*.test.ts', 'tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-database.ts'],
          pool: 'forks',
          // A worker runs file after file with the modules it has loaded: every file builds its own app and database
          // from them, and nothing of one file's is left in a module for the next (environment stubs and spies are
          // undone by the files that make them). On PGlite and 2 cores, importing the server afresh for each file took
          // 232 s of the files' time, 19 s this way: 434 s of wall time for the unit and API tests before, 252 s for
          // the API tests after.
          isolate: false,
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/support/global-server.ts'],
          pool: 'forks',
          // As in 'unit-api': a worker runs file after file with the modules it has loaded (Playwright, axe-core, the
          // helpers); each file launches and closes its own browser, and the helpers' module state is read-only caches
          // of the shared server's demo catalogue. Sixteen of the short files: 27 s of imports before, 7 s after, 137
          // → 123 s of wall time (2 cores, 2026-12-06).
          isolate: false,
          maxWorkers: 2,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
