import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/lib/system.mjs';

export { freePort };

/** A store running as its own process (`src/server/main.ts`), as it runs in production. */
export interface StoreServer {
  baseURL: string;
  port: number;
  dataDir: string;
  /** Whether the process is still running (it must not die when its database does). */
  running(): boolean;
  /** SIGKILL: no shutdown at all, as a crash. */
  kill(): Promise<void>;
  /** Starts it again on the same port, data folder and configuration. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startStore(env: Record<string, string>, port?: number): Promise<StoreServer> {
  const p = port ?? (await freePort());
  const baseURL = `http://127.0.0.1:${p}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-proc-'));
  let server: ChildProcess;
  const exited = () => server.exitCode !== null || server.signalCode !== null;

  const launch = async () => {
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(p),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: baseURL,
        LOG_LEVEL: 'warn',
        ADMIN_USERNAME: 'owner',
        ADMIN_PASSWORD: 'correct-horse-battery',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const deadline = Date.now() + 60_000;
    for (;;) {
      const up = await fetch(`${baseURL}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return;
      if (Date.now() > deadline || exited()) throw new Error(`the store on port ${p} did not start`);
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  const end = async (signal: NodeJS.Signals) => {
    if (exited()) return;
    const gone = new Promise((r) => server.once('exit', r));
    server.kill(signal);
    await gone;
  };

  await launch();
  return {
    baseURL,
    port: p,
    dataDir,
    running: () => !exited(),
    kill: () => end('SIGKILL'),
    restart: launch,
    stop: async () => {
      await end('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
