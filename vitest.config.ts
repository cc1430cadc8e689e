import { defineConfig } from 'vitest/config';

// Separate from vite.config.ts on purpose: tests run the server code directly, without the React Router plugin.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit-api',
          include: ['core/**/*.test.ts', 'server/**/*.test.ts', 'app/**/*.test.ts', 'tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-database.ts'],
          pool: 'forks',
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/support/global-server.ts'],
          pool: 'forks',
          maxWorkers: 2,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
