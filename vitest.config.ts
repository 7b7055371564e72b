import { defineConfig } from 'vitest/config';
import { assertSupportedNode } from './scripts/lib/runtime.mjs';

// The tests, and the store processes they start (process.execPath), run on the project's Node 24.
assertSupportedNode('Vitest');

/**
 * Two projects: "unit" runs unit, component and API integration tests on the embedded database;
 * "pg" runs the API integration tests again on a PostgreSQL server (scripts/test.mjs starts one and
 * sets TEST_PG_URL). Playwright's e2e specs are not Vitest's.
 */
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.ts', 'tests/resilience/**/*.test.ts'],
          // *.pg.test.ts: what only a PostgreSQL server can show at scale.
          exclude: ['**/*.pg.test.ts', '**/node_modules/**'],
          env: { TEST_DB: 'pglite' },
        },
      },
      {
        extends: true,
        test: {
          name: 'pg',
          // integration-pg/: what only a PostgreSQL server can show (several instances, LISTEN/NOTIFY).
          include: ['tests/integration/**/*.test.ts', 'tests/integration-pg/**/*.test.ts', 'tests/resilience/**/*.test.ts'],
          env: { TEST_DB: 'pg' },
        },
      },
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
