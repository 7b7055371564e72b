import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REACTION_THANKS } from '#shared/reaction-texts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { startSmtpServer } from '../support/smtp.ts';

/**
 * "Report a reaction" (docs/decisions/0050): a shopper's report reaches the owner's mailbox through
 * the outbox and a real SMTP server; what an attacker sends is refused, limited or made harmless.
 */
const PER_NETWORK = 3;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Ironwake <orders@ironwakesalts.com>',
    OWNER_EMAIL: 'owner@ironwakesalts.com',
    RATE_LIMIT_REACTION_REPORTS_PER_IP_PER_HOUR: String(PER_NETWORK),
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** A network of its own for each call site: 2001:db8:<n>::/64. */
let net = 0;
const newNetwork = () => `2001:db8:${(++net).toString(16)}::1`;
const report = (payload: unknown, remoteAddress = newNetwork(), headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/reactions', payload: payload as object, remoteAddress, headers });

const good = {
  whatHappened: 'I coughed hard for ten minutes and my eyes watered.\nIt stopped after I went outside.',
  product: 'Single Bottle',
  when: '2026-11-20',
  email: 'dana.lee@example.com',
  mayContact: true,
};

const mailsTo = (address: string) =>
  smtp.received.filter(
    (m) => (m.to && 'text' in m.to ? m.to.text : '') === address && m.subject?.startsWith('Reaction reported'),
  );
/** The owner's e-mail whose text carries `marker`, once it has arrived. */
async function mailWith(marker: string) {
  await expect.poll(() => smtp.received.some((m) => m.text?.includes(marker)), { timeout: 15_000 }).toBe(true);
  return smtp.received.find((m) => m.text?.includes(marker))!;
}
/** Long enough for a queued e-mail to have arrived, were one queued. */
const settle = () => new Promise((r) => setTimeout(r, 1500));

describe('POST /api/reactions', () => {
  it('answers 202 with a thank-you and e-mails the owner the report, with a reply address only by consent', async () => {
    const res = await report(good);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: REACTION_THANKS });

    const mail = await mailWith('I coughed hard for ten minutes');
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('owner@ironwakesalts.com');
    expect(mail.subject).toMatch(/^Reaction reported on the store \(R-[0-9A-F]{8}\)$/);
    expect(mail.replyTo?.text).toBe('dana.lee@example.com');
    expect(mail.text).toContain('Product: Single Bottle');
    expect(mail.text).toContain('When: 2026-11-20');
    expect(mail.text).toContain('I coughed hard for ten minutes and my eyes watered.\nIt stopped after I went outside.');
    expect(mail.text).toContain('agreed to be contacted at dana.lee@example.com');
    expect(mail.html).toContain('What happened');
  });

  it('keeps the address out of the e-mail when the shopper did not agree to be contacted', async () => {
    expect((await report({ ...good, mayContact: false, whatHappened: 'Sneezing fit, no consent.' })).statusCode).toBe(202);
    const mail = await mailWith('Sneezing fit, no consent.');
    expect(mail.replyTo).toBeUndefined();
    expect(mail.text).not.toContain('dana.lee@example.com');
    expect(mail.text).toContain('did not ask to be contacted');
  });

  it('puts markup into the e-mail as text, never as HTML, and nothing typed into its headers', async () => {
    const hostile = {
      ...good,
      product: '<img src=x onerror=alert(1)>',
      whatHappened: '<script>alert(1)</script><a href="https://evil.example">click</a>',
      mayContact: false,
    };
    expect((await report(hostile)).statusCode).toBe(202);
    const mail = await mailWith('<script>alert(1)</script>');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).not.toContain('href="https://evil.example"');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.subject).not.toContain('<');
  });

  it('refuses an e-mail address carrying a header, and control characters, with 400 and no mail', async () => {
    await settle();
    const before = smtp.received.length;
    const attempts = [
      { ...good, email: 'dana@example.com\r\nBcc: victim@example.com' },
      { ...good, email: 'dana@example.com\nBcc: victim@example.com' },
      { ...good, email: 'a@example.com, victim@example.com' },
      { ...good, product: 'Single\r\nBcc: victim@example.com' },
      { ...good, whatHappened: 'nul \u0000 inside' },
      { ...good, whatHappened: 'bidi \u202e override' },
      { ...good, product: 'zero\u200bwidth' },
    ];
    for (const body of attempts) {
      const res = await report(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    await settle();
    expect(smtp.received.length).toBe(before);
    expect(smtp.received.some((m) => JSON.stringify(m.headers).includes('victim@example.com'))).toBe(false);
  });

  it('says what is wrong with careless input, field by field, and sends nothing', async () => {
    await settle();
    const before = smtp.received.length;
    const cases: [unknown, string, string][] = [
      [{ ...good, whatHappened: '' }, 'whatHappened', 'Required'],
      [{ ...good, whatHappened: undefined }, 'whatHappened', 'Required'],
      [{ ...good, product: '   ' }, 'product', 'Required'],
      [{ ...good, when: 'yesterday' }, 'when', 'The day must be a date (YYYY-MM-DD)'],
      [{ ...good, when: '2026-02-30' }, 'when', 'The day must be a real date'],
      [{ ...good, when: '2999-01-01' }, 'when', 'Must not be in the future'],
      [{ ...good, email: 'not-an-address' }, 'email', 'Enter a valid e-mail address, or leave it empty'],
      [{ ...good, email: '', mayContact: true }, 'email', 'Enter an e-mail address so we can contact you'],
      [{ ...good, mayContact: 'yes' }, 'mayContact', 'Must be true or false'],
      [{ ...good, whatHappened: 'x'.repeat(4001) }, 'whatHappened', 'Must be at most 4000 characters'],
    ];
    for (const [body, field, message] of cases) {
      const res = await report(body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fieldErrors?.[field], JSON.stringify(res.json())).toContain(message);
    }
    const extra = await report({ ...good, to: 'victim@example.com' });
    expect(extra.statusCode).toBe(400);
    await settle();
    expect(smtp.received.length).toBe(before);
  });

  it('refuses a huge body with 413 before reading it, and a non-object with 400', async () => {
    const huge = await report({ ...good, whatHappened: 'x'.repeat(1_000_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBeTruthy();
    for (const body of ['"text"', '[1,2]', '{"whatHappened": ']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/reactions',
        payload: body,
        headers: { 'content-type': 'application/json' },
        remoteAddress: newNetwork(),
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('limits a flood from one network, whichever of its IPv6 addresses each report comes from', async () => {
    await settle();
    const before = mailsTo('owner@ironwakesalts.com').length;
    const codes: number[] = [];
    for (let i = 1; i <= PER_NETWORK + 3; i++) {
      codes.push((await report({ ...good, mayContact: false }, `2001:db8:ffff:1::${i.toString(16)}`)).statusCode);
    }
    expect(codes).toEqual([...Array(PER_NETWORK).fill(202), 429, 429, 429]);
    const refused = await report(good, '2001:db8:ffff:1:abcd::9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many reports from your network\. Please try again in \d+ minutes?\.$/);
    // another network is not held back by it
    expect((await report({ ...good, mayContact: false })).statusCode).toBe(202);
    await expect.poll(() => mailsTo('owner@ironwakesalts.com').length, { timeout: 15_000 }).toBe(before + PER_NETWORK + 1);
  });
});

describe('a store without an alerts address', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp({ SMTP_URL: smtp.url, SUPPORT_EMAIL: 'help@ironwakesalts.com' });
  });
  afterAll(() => bare?.close());

  it('sends the report to the support address', async () => {
    const res = await bare.app.inject({ method: 'POST', url: '/api/reactions', payload: good, remoteAddress: newNetwork() });
    expect(res.statusCode).toBe(202);
    await expect.poll(() => mailsTo('help@ironwakesalts.com').length, { timeout: 15_000 }).toBe(1);
  });

  it('caps the reports the whole store receives in an hour, from any number of networks', async () => {
    const capped = await createTestApp({ SMTP_URL: smtp.url, RATE_LIMIT_REACTION_REPORTS_PER_HOUR: '2' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        codes.push(
          (await capped.app.inject({ method: 'POST', url: '/api/reactions', payload: good, remoteAddress: newNetwork() }))
            .statusCode,
        );
      }
      expect(codes).toEqual([202, 202, 429, 429]);
    } finally {
      await capped.close();
    }
  });
});
