// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readMailHtml } from '#tests/support/mail-html.ts';
import type { RenewalPrice } from '../renewal-pricing.ts';
import { renewalFailedMail, renewalNoticeMail, termsReminderMail } from './renewal-mails.ts';

const store = {
  publicUrl: 'https://ironwakesalts.com',
  supportEmail: 'support@ironwakesalts.com',
  supportPhone: '(614) 555-0142',
};
const pageUrl = 'https://ironwakesalts.com/subscriptions/eyJwdXJwb3NlIjoic3Vic2NyaXB0aW9uIn0.abc_DEF-123';
const sub = {
  email: 'dana.lee@example.com',
  firstName: 'Dana',
  intervalWeeks: 4,
  discountPercent: 10,
  askFirst: false,
  cardLast4: '4242',
};
const line = { listPriceCents: 1899, subscriptionIntervalWeeks: 4, subscriptionDiscountPercent: 10 };
const price: RenewalPrice = {
  lines: [
    { ...line, productId: 5, name: 'Single Bottle', unitPriceCents: 1709, quantity: 2 },
    { ...line, productId: 6, name: 'Smelling Salts 3-Pack', unitPriceCents: 4049, quantity: 1, listPriceCents: 4499 },
  ],
  subtotalCents: 7467,
  shippingCents: 0,
  offer: { rateCents: 391, freeOverCents: 5000 },
  totalCents: 7467,
};
const due = new Date('2026-12-04T15:00:00Z');

describe('the renewal notice', () => {
  it('names the date, the order at today’s prices, and links Skip, Change date and Cancel to the subscription page', async () => {
    const mail = await renewalNoticeMail(sub, due, price, { pageUrl, taxed: true, store });
    expect(mail.to).toBe('dana.lee@example.com');
    expect(mail.subject).toBe('Your next order ships on Friday, December 4');
    const { lines, links } = readMailHtml(mail.html);
    expect(lines).toEqual([
      'IRONWAKE',
      'Your next order ships on Friday, December 4',
      'Hi Dana, your next subscription order ships on Friday, December 4. We charge your saved card ending in 4242 that day, at that day’s price less your 10% subscription discount.'.replace(
        '’',
        "'",
      ),
      '2 × Single Bottle',
      '$34.18',
      '1 × Smelling Salts 3-Pack',
      '$40.49',
      'Shipping',
      'Free',
      'Total before sales tax',
      '$74.67',
      'Skip this order',
      'Change date · Cancel subscription',
      "Amounts at today's prices; sales tax is added where it applies. You can skip, change or cancel any time before the order is made.",
      'Questions? Write to support@ironwakesalts.com or call (614) 555-0142 (Mon-Fri 9AM-6PM EST).',
    ]);
    expect(links.slice(0, 3)).toEqual([
      { text: 'Skip this order', href: `${pageUrl}?action=skip` },
      { text: 'Change date', href: `${pageUrl}?action=change-date` },
      { text: 'Cancel subscription', href: `${pageUrl}?action=cancel` },
    ]);
    expect(mail.text).toContain(`Skip this order: ${pageUrl}?action=skip`);
    expect(mail.text).toContain('Total before sales tax  $74.67');
  });

  it('with “ask me first”, asks for the confirmation first and says what happens without it', async () => {
    const mail = await renewalNoticeMail({ ...sub, askFirst: true }, due, price, { pageUrl, taxed: false, store });
    expect(mail.subject).toBe('Confirm your order for Friday, December 4');
    const { lines, links } = readMailHtml(mail.html);
    expect(lines[2]).toContain('we charge your card and ship it only once you confirm');
    expect(lines[3]).toBe(
      'Not confirmed within 7 days of Friday, December 4, this order is skipped and your subscription goes on as before.',
    );
    expect(links[0]).toEqual({ text: 'Confirm this order', href: `${pageUrl}?action=confirm` });
    expect(lines).toContain('Total');
  });

  it('puts markup in a name as text', async () => {
    const mail = await renewalNoticeMail({ ...sub, firstName: '<b>Dana</b>' }, due, price, { pageUrl, taxed: false, store });
    const { lines, document } = readMailHtml(mail.html);
    expect(lines[2]).toContain('Hi <b>Dana</b>,');
    expect(document.querySelector('b')).toBeNull();
  });
});

describe('the failure and terms e-mails', () => {
  it('a failure says why, when it is tried again, and links the page to change the card', async () => {
    const mail = await renewalFailedMail(sub, 'Your card was declined.', new Date('2026-11-29T12:00:00Z'), { pageUrl, store });
    const { lines, links } = readMailHtml(mail.html);
    expect(lines.slice(2, 4)).toEqual([
      'Hi Dana, we could not process your subscription order. Your card was declined.',
      'We will try again on Sunday, November 29. To use another card, or to skip or cancel, open your subscription page.',
    ]);
    expect(links[0]).toEqual({ text: 'Manage your subscription', href: pageUrl });
  });

  it('the yearly reminder restates the interval, the discount, the notice and how to cancel', async () => {
    const mail = await termsReminderMail({ ...sub, nextRenewalAt: due }, price, { pageUrl, taxed: false, store });
    expect(mail.subject).toBe('A reminder of your subscription terms');
    expect(mail.text).toContain(
      "An order comes every 4 weeks, charged to your saved card ending in 4242 at that day's price less your 10% subscription discount. We e-mail you 3 days before each order. Your next order is due on Friday, December 4.",
    );
    expect(mail.text).toContain('Cancelling stops every future charge at once.');
    expect(mail.text).toContain(`Cancel subscription: ${pageUrl}?action=cancel`);
  });
});
