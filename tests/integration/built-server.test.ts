import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ENTRY, SERVER_ENV, SERVER_NODE_FLAGS, serverArgs } from '../../scripts/lib/server-process.mjs';
import { createPgDatabase } from '../support/app.ts';
import { freePort } from '../support/store-process.ts';

/**
 * Production runs the built server, plain JavaScript with no build tool loaded (ADR 0024): `npm
 * start`, the cluster and the benchmarks start it the same way, it serves pages and the API on
 * PGlite and on PostgreSQL, stops cleanly, and its command-line tools run from dist/ too.
 */

const root = path.resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  version: string;
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
};

beforeAll(() => {
  // What `npm start` does first: build what is missing or older than its sources.
  const r = spawnSync(process.execPath, ['scripts/build-if-needed.mjs'], { cwd: root, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
}, 180_000);

describe('how production starts the store', () => {
  it('npm start runs the built server with the same Node flags and allocator settings as the cluster and the benchmarks', () => {
    const start = pkg.scripts.start ?? '';
    expect(start).toContain(`node ${SERVER_NODE_FLAGS.join(' ')} ${path.relative(root, SERVER_ENTRY)}`);
    for (const [name, value] of Object.entries(SERVER_ENV)) expect(start).toContain(` ${name}=${value} node `);
    expect(start).not.toContain('tsx');
  });

  it('keeps the built server’s code ASCII, its licences beside it', () => {
    // Node holds a file over 1 MB with one character beyond ASCII as two bytes a character.
    const dir = path.join(root, 'dist/server');
    const code = fs.readdirSync(dir).filter((f) => f.endsWith('.js'));
    expect(code.length).toBeGreaterThan(4);
    for (const file of code) {
      const bytes = fs.readFileSync(path.join(dir, file));
      expect(
        bytes.findIndex((b) => b > 0x7f),
        file,
      ).toBe(-1);
    }
    const licences = fs.readdirSync(dir).filter((f) => f.endsWith('.LEGAL.txt'));
    expect(licences.map((f) => fs.readFileSync(path.join(dir, f), 'utf8')).join('\n')).toContain('@license React');
  });

  it('loads node:http and node:https without their module wrappers', () => {
    // An `import` of node:http makes Node read every one of its exports at start, WebSocket among
    // them, which loads Node's HTTP client library, unused by the server.
    const dir = path.join(root, 'dist/server');
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.js'))) {
      const code = fs.readFileSync(path.join(dir, file), 'utf8');
      expect(code, file).not.toMatch(/(?:import|export)[^;'"]*from\s*["'](?:node:)?https?["']/);
      expect(code, file).not.toMatch(/import\s*\(\s*["'](?:node:)?https?["']\s*\)/);
    }
  });

  it('the build tools are devDependencies', () => {
    for (const tool of ['tsx', 'vite', 'esbuild', '@vitejs/plugin-react', 'tailwindcss', '@tailwindcss/vite', 'typescript']) {
      expect(pkg.dependencies, tool).not.toHaveProperty(tool);
    }
  });
});

describe('the built server', () => {
  let dataDir: string;
  let pgDb: { url: string; drop(): Promise<void> } | undefined;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-built-'));
    if (process.env.TEST_DB === 'pg') pgDb = await createPgDatabase();
  });
  afterAll(async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await pgDb?.drop();
  });

  it('serves pages, images and the API, loads no build tool, and stops on SIGTERM', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // A preload that reports, at exit, whether any build tool was ever loaded.
    const probe = path.join(dataDir, 'probe.mjs');
    const report = path.join(dataDir, 'loaded.json');
    fs.writeFileSync(
      probe,
      `import fs from 'node:fs'; import module from 'node:module';
       const seen = new Set();
       module.registerHooks({ resolve(s, c, next) { const r = next(s, c); seen.add(r.url); return r; } });
       process.on('exit', () => fs.writeFileSync(${JSON.stringify(report)}, JSON.stringify([...seen])));`,
    );
    const child = spawn(process.execPath, ['--import', probe, ...serverArgs()], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: base,
        LOG_LEVEL: 'warn',
        ADMIN_USERNAME: 'owner',
        ADMIN_PASSWORD: 'correct-horse-battery',
        ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const deadline = Date.now() + 30_000;
      let health: Response | null = null;
      while (!health?.ok && child.exitCode === null && Date.now() < deadline) {
        health = await fetch(`${base}/healthz`).catch(() => null);
        if (!health?.ok) await new Promise((r) => setTimeout(r, 100));
      }
      expect(health?.ok, stderr).toBe(true);
      expect(await health?.json()).toMatchObject({ status: 'ok', database: pgDb ? 'postgres' : 'pglite' });

      const page = await fetch(`${base}/product/5`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('</html>');
      const products = (await (await fetch(`${base}/api/products`)).json()) as unknown[];
      expect(products.length).toBeGreaterThan(0);
      // Drawn by the build: served without loading sharp and libvips.
      const image = await fetch(`${base}/api/product-images/single?w=320`);
      expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/webp']);
      expect((await fetch(`${base}/favicon.ico`)).status).toBe(200);
      const api = (await (await fetch(`${base}/api/openapi.json`)).json()) as { info: { version: string } };
      expect(api.info.version).toBe(pkg.version);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited, stderr).toBe(0);
    const loaded = JSON.parse(fs.readFileSync(report, 'utf8')) as string[];
    // Build tools, and what the build compiled in or drew ahead (drizzle-orm, fastify, sharp for the images).
    const tools = loaded.filter((url) => /\/node_modules\/(tsx|vite|esbuild|rolldown|drizzle-orm|fastify|sharp)\//.test(url));
    expect(tools).toEqual([]);
  }, 60_000);

  it('runs the command-line tools from dist/ too', () => {
    for (const [file, usage] of [
      ['dist/server/admin.js', 'set-password'],
      ['dist/server/backup.js', 'npm run restore'],
    ] as const) {
      const r = spawnSync(process.execPath, [file, '--help'], { cwd: root, encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain(usage);
    }
  });
});
