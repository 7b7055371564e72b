import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createMailer } from '#server/lib/mailer.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { secretOf, shopper } from '../support/checkout.ts';
import { startSmtpServer } from '../support/smtp.ts';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Ironwake <orders@ironwakesalts.com>' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('order confirmation e-mail', () => {
  it('reaches the buyer through SMTP once, as HTML and text, with items, total, address and delivery', async () => {
    const s = shopper(t.app);
    await s.add(6, 2);
    const { secret, paymentIntentId } = secretOf((await s.checkout()).json().checkoutUrl);
    await s.ship(paymentIntentId);
    await s.pay(secret);
    await Promise.all([s.complete(paymentIntentId), s.complete(paymentIntentId), s.complete(paymentIntentId)]);

    await expect.poll(() => smtp.received.length).toBe(1);
    const mail = smtp.received[0]!;
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('dana.lee@example.com');
    expect(mail.from?.text).toContain('orders@ironwakesalts.com');
    expect(mail.subject).toMatch(/^Your Ironwake order #\d+ is confirmed$/);
    expect(mail.text).toContain('2 × Smelling Salts 3-Pack');
    expect(mail.text).toContain('$93.89'); // 2 × 44.99 + 3.91 shipping
    expect(mail.text).toContain('12 Iron Way');
    expect(mail.text).toMatch(/Estimated delivery: \w+day, \w+ \d+/);
    expect(mail.text).toContain('support@ironwakesalts.com');
    expect(mail.html).toContain('Order confirmed');
    expect(await new Promise((r) => setTimeout(() => r(smtp.received.length), 200))).toBe(1);
  });
});

describe('the outbox without SMTP', () => {
  it('writes each message as an .eml file under DATA_DIR/outbox', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'outbox-'));
    try {
      const mailer = createMailer(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }));
      await mailer.send({ to: 'a@example.com', subject: 'Hello', text: 'Plain body', html: '<p>HTML body</p>' });
      mailer.close();
      const files = await fs.readdir(path.join(dir, 'outbox'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const parsed = await simpleParser(await fs.readFile(path.join(dir, 'outbox', files[0]!)));
      expect(parsed.subject).toBe('Hello');
      expect(parsed.text?.trim()).toBe('Plain body');
      expect(parsed.html).toContain('HTML body');
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
