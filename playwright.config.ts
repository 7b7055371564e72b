import { defineConfig, devices } from '@playwright/test';
import { assertSupportedNode } from './scripts/lib/runtime.mjs';
import { SERVER_ENV, serverArgs } from './scripts/lib/server-process.mjs';
import { CHROMIUM, CHROMIUM_FLAGS } from './scripts/lib/system.mjs';

// The runner, its web server and the stores the specs start (process.execPath) run on the project's Node 24.
assertSupportedNode('Playwright');

/**
 * End-to-end journeys in Debian's Chromium against the built store (dist/, run as `npm start` runs
 * it) on a fresh embedded database. (npm test builds first; run `npm run build` before
 * `npx playwright test` by hand.) The second stores some specs start run the sources.
 */
const port = Number(process.env.E2E_PORT ?? 4391);

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_FLAGS },
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: '**/*.mobile.spec.ts',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'mobile',
      testIgnore: '**/*.desktop.spec.ts',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } },
    },
  ],
  webServer: {
    command: [process.execPath, ...serverArgs()].map((a) => `"${a}"`).join(' '),
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      ...SERVER_ENV,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: 'owner',
      ADMIN_PASSWORD: 'correct-horse-battery',
      // Every shopper of the suite comes from 127.0.0.1: one network's cap on held units would
      // otherwise count the checkouts of the specs that ran in the last STOCK_HOLD_MINUTES.
      STOCK_HOLD_MAX_UNITS_PER_ADDRESS: '1000',
    },
  },
});
