import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createPgDatabase } from '../support/app.ts';
import { freePort } from '../support/store-process.ts';

/** The log format the README documents: JSON lines, with no payment secret, review token or cookie in them. */
describe('the log', () => {
  it('is one JSON object per line, with request lines, and keeps client secrets, review tokens and cookies out', async () => {
    const port = await freePort();
    const db = process.env.TEST_DB === 'pg' ? await createPgDatabase() : undefined;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: 'memory://',
        LOG_LEVEL: 'info',
        ...(db ? { DATABASE_URL: db.url } : {}),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    try {
      const base = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 30_000;
      while (
        !(await fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        ))
      ) {
        if (Date.now() > deadline) throw new Error('the store did not start');
        await new Promise((r) => setTimeout(r, 200));
      }
      await fetch(`${base}/checkout?payment_intent=pi_Abc123_secret_TopSecretValue42`, {
        headers: { cookie: 'admin_session=SessionCookieValue99' },
      });
      // A review link from the shipped e-mail: its token opens a buyer's review form.
      await fetch(`${base}/product/5?utm_source=email&review=eyJSignedReviewClaims.SignatureValue77&x=1`);
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await gone;
      await db?.drop();
    }
    const lines = out.trim().split('\n');
    const entries = lines.map((l) => JSON.parse(l) as { level: number; time: number; msg: string; req?: { url: string } });
    for (const e of entries) {
      expect(typeof e.level).toBe('number');
      expect(typeof e.time).toBe('number');
    }
    const request = entries.find((e) => e.req?.url.startsWith('/checkout'));
    expect(request?.req?.url).toBe('/checkout?payment_intent=pi_Abc123_secret_[redacted]');
    expect(out).not.toContain('TopSecretValue42');
    expect(out).not.toContain('SessionCookieValue99');
    const product = entries.find((e) => e.req?.url.startsWith('/product/5'));
    expect(product?.req?.url).toBe('/product/5?utm_source=email&review=[redacted]&x=1');
    expect(out).not.toContain('SignatureValue77');
  }, 60_000);
});
