import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createFileStore } from '#server/domains/files/service.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

/** Uploaded images and label PDFs live in the database (ADR 0015). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('the file store', () => {
  it('gives back every byte value exactly, and a second save under the same name replaces the first', async () => {
    const store = createFileStore(t.app.database.db, 'labels');
    const bytes = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7) % 256));
    await store.save('order-1.pdf', bytes);
    expect((await store.read('order-1.pdf'))?.equals(bytes)).toBe(true);
    await store.save('order-1.pdf', Buffer.from('second'));
    expect((await store.read('order-1.pdf'))?.toString()).toBe('second');
    expect(await store.read('missing.pdf')).toBeNull();
  });

  it('keeps the folders apart', async () => {
    await createFileStore(t.app.database.db, 'labels').save('same-name', Buffer.from('label'));
    expect(await createFileStore(t.app.database.db, 'uploads').read('same-name')).toBeNull();
    expect(await createFileStore(t.app.database.db, 'uploads').list()).not.toContain('same-name');
  });
});

describe('files from the older data-folder layout', () => {
  it('are copied into the database at start and served from there', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-files-'));
    const name = `${'ab'.repeat(16)}.webp`;
    fs.mkdirSync(path.join(dir, 'uploads'));
    fs.writeFileSync(path.join(dir, 'uploads', name), Buffer.from('RIFF-old-image'));
    fs.writeFileSync(path.join(dir, 'uploads', `.${name}.tmp`), Buffer.from('half-written'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://store.test' });
    const app = await buildApp(config, { ssr: 'off' });
    try {
      const res = await app.inject({ method: 'GET', url: `/uploads/${name}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('RIFF-old-image');
      expect(await app.uploads.list()).toEqual([name]);
      // The copy in the database is what is served, even once the old file is gone.
      fs.rmSync(path.join(dir, 'uploads'), { recursive: true });
      expect((await app.inject({ method: 'GET', url: `/uploads/${name}` })).statusCode).toBe(200);
    } finally {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
