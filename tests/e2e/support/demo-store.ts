import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seedDemo } from '#server/cli/demo/index.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { ADMIN } from './sign-in.ts';
import { type StoreServer, startStore } from './store-server.ts';

export interface DemoStore {
  store: StoreServer;
  /** Stops the store and removes its data folder. */
  stop(): Promise<void>;
}

/**
 * A built store of its own on a fresh data folder (named after `prefix`) holding a demo year
 * (`npm run seed:demo`'s generator with these sizes), signed in to with the suite's admin.
 */
export async function startDemoStore(prefix: string, year: { orders: number; events: number; seed: number }): Promise<DemoStore> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `store-e2e-${prefix}-`));
  const remove = () => fs.rmSync(dataDir, { recursive: true, force: true });
  try {
    const app = await buildApp(
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
      }),
      { ssr: 'off' },
    );
    try {
      await seedDemo(app, year);
    } finally {
      await app.close();
    }
    const store = await startStore(
      { DATA_DIR: dataDir, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password },
      undefined,
      {
        built: true,
      },
    );
    return {
      store,
      stop: async () => {
        await store.stop();
        remove();
      },
    };
  } catch (err) {
    remove();
    throw err;
  }
}
