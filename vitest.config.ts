import { defineConfig } from 'vitest/config';
import { assertSupportedNode } from './scripts/lib/runtime.mjs';

// The tests, and the store processes they start (process.execPath), run on the project's Node 24.
assertSupportedNode('Vitest');

/**
 * The test layers, each a project named for what it tests (tests/README.md; `npm run test:<name>`):
 * - unit: functions, rules and components alone, no database or server (`src/**\/*.test.ts(x)`);
 * - service: domain services called directly on in-memory PGlite (`src/**\/*.db.test.ts`);
 * - api: HTTP through buildApp() on in-memory PGlite (`tests/integration/`);
 * - resilience: malformed and hostile requests, slow clients, on PGlite (`tests/resilience/`);
 * - pg: service and api again on a PostgreSQL server, with what only such a server shows (several
 *   instances, LISTEN/NOTIFY: `tests/integration-pg/`);
 * - resilience-pg: resilience on PostgreSQL, with the load and fault tests only it can run
 *   (`*.pg.test.ts`: 1,000 concurrent checkouts, crashes, a restarting server).
 * scripts/test.mjs starts a PostgreSQL server on loopback for the last two and sets TEST_PG_URL.
 * Playwright's browser specs (`tests/e2e/`) are not Vitest's.
 */
const DB_TESTS = 'src/**/*.db.test.ts';

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}'], exclude: [DB_TESTS, '**/node_modules/**'] },
      },
      { extends: true, test: { name: 'service', include: [DB_TESTS], env: { TEST_DB: 'pglite' } } },
      { extends: true, test: { name: 'api', include: ['tests/integration/**/*.test.ts'], env: { TEST_DB: 'pglite' } } },
      {
        extends: true,
        test: {
          name: 'resilience',
          include: ['tests/resilience/**/*.test.ts'],
          exclude: ['**/*.pg.test.ts', '**/node_modules/**'],
          env: { TEST_DB: 'pglite' },
        },
      },
      {
        extends: true,
        test: {
          name: 'pg',
          include: [DB_TESTS, 'tests/integration/**/*.test.ts', 'tests/integration-pg/**/*.test.ts'],
          env: { TEST_DB: 'pg' },
        },
      },
      { extends: true, test: { name: 'resilience-pg', include: ['tests/resilience/**/*.test.ts'], env: { TEST_DB: 'pg' } } },
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
