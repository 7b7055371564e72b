import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_ENV, serverArgs } from '../../scripts/lib/server-process.mjs';
import { freePort } from '../../scripts/lib/system.mjs';

export { freePort };

/** A store running as its own process in production mode. */
export interface StoreServer {
  baseURL: string;
  port: number;
  dataDir: string;
  /** The process id of the store (it changes with each restart). */
  pid(): number;
  /** Whether the process is still running (it must not die when its database does). */
  running(): boolean;
  /** SIGKILL: no shutdown at all, as a crash. */
  kill(): Promise<void>;
  /** Starts it again on the same port, data folder and configuration; resolves when it answers. */
  restart(): Promise<void>;
  /** SIGTERM, as a deployment stops it, keeping its data folder for a restart. */
  shutdown(): Promise<void>;
  stop(): Promise<void>;
}

export interface StartOptions {
  /**
   * Run the built server (`npm run build`: dist/server/main.js, with production's Node flags) instead
   * of the sources through tsx, which need no build and are what the tests run.
   */
  built?: boolean;
}

export async function startStore(env: Record<string, string>, port?: number, opts: StartOptions = {}): Promise<StoreServer> {
  const p = port ?? (await freePort());
  const baseURL = `http://127.0.0.1:${p}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-proc-'));
  let server: ChildProcess;
  const exited = () => server.exitCode !== null || server.signalCode !== null;

  const launch = async () => {
    const args = opts.built ? serverArgs() : ['--import', 'tsx', 'src/server/main.ts'];
    server = spawn(process.execPath, args, {
      env: {
        ...process.env,
        ...(opts.built ? SERVER_ENV : {}),
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
      // Often enough that the benchmark's restart time is what the store takes, not this wait.
      await new Promise((r) => setTimeout(r, 20));
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
    pid: () => server.pid ?? 0,
    running: () => !exited(),
    kill: () => end('SIGKILL'),
    restart: launch,
    shutdown: () => end('SIGTERM'),
    stop: async () => {
      await end('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
