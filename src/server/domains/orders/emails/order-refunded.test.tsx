// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readMailHtml } from '#tests/support/mail-html.ts';
import { orderRow } from '#tests/support/order-rows.ts';
import { orderRefundedMail } from './order-refunded.tsx';

const store = {
  publicUrl: 'https://ironwakesalts.com',
  supportEmail: 'support@ironwakesalts.com',
  supportPhone: '(614) 555-0142',
};

describe('the refund e-mail', () => {
  it('says how much of which order comes back, for which lines, and when the bank shows it', async () => {
    const order = orderRow({ refundedCents: 1899 });
    const mail = await orderRefundedMail(
      order,
      { amountCents: 1899, cancelsOrder: false, lines: [{ name: 'Single Bottle', quantity: 1 }] },
      store,
    );
    expect(mail.to).toBe('dana.lee@example.com');
    expect(mail.subject).toBe('Refund for your Ironwake order #1042');
    const { lines } = readMailHtml(mail.html);
    expect(lines.slice(0, 5)).toEqual([
      'IRONWAKE',
      'Your refund is on its way',
      'Hi Dana, we refunded $18.99 of order #1042 to your card.',
      '1 × Single Bottle',
      'Your bank usually shows the refund on your statement within 5 to 10 business days.',
    ]);
    expect(mail.text).toContain('We refunded $18.99 of your order #1042 to your card.');
  });

  it('names the refunded total when this refund is one of several', async () => {
    const order = orderRow({ refundedCents: 5000 });
    const mail = await orderRefundedMail(order, { amountCents: 1000, cancelsOrder: false, lines: [] }, store);
    expect(readMailHtml(mail.html).lines).toContain('Refunded on this order in all: $50.00 of $111.88.');
  });

  it('tells a cancellation as one', async () => {
    const order = orderRow({ status: 'cancelled', refundedCents: 11188 });
    const mail = await orderRefundedMail(order, { amountCents: 11188, cancelsOrder: true, lines: [] }, store);
    expect(mail.subject).toBe('Your Ironwake order #1042 is cancelled');
    expect(readMailHtml(mail.html).lines).toContain('Hi Dana, order #1042 is cancelled and $111.88 is refunded to your card.');
  });

  it('escapes what the shopper typed into the order', async () => {
    const order = orderRow({ firstName: '<img src=x onerror=alert(1)>' });
    const mail = await orderRefundedMail(order, { amountCents: 100, cancelsOrder: false, lines: [] }, store);
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;img src=x');
  });
});
