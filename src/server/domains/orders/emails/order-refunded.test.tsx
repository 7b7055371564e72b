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

const orderPageUrl = 'https://ironwakesalts.com/orders/eyJwdXJwb3NlIjoib3JkZXIifQ.abc_DEF-123';

describe('the refund e-mail', () => {
  it('says how much of which order comes back, for which lines, and when the bank shows it', async () => {
    const order = orderRow({ refundedCents: 1899 });
    const mail = await orderRefundedMail(
      order,
      { amountCents: 1899, cancelsOrder: false, rma: null, lines: [{ name: 'Single Bottle', quantity: 1 }] },
      store,
      orderPageUrl,
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
    expect(readMailHtml(mail.html).links[0]).toEqual({ text: 'View your order', href: orderPageUrl });
    expect(mail.text).toContain(`\nYour order, its tracking and returns: ${orderPageUrl}\n`);
  });

  it("tells a return's refund as the return received", async () => {
    const order = orderRow({ status: 'delivered', refundedCents: 4499 });
    const lines = [{ name: 'Smelling Salts 3-Pack', quantity: 1 }];
    const mail = await orderRefundedMail(
      order,
      { amountCents: 4499, cancelsOrder: false, rma: 'RMA-101', lines },
      store,
      orderPageUrl,
    );
    expect(mail.subject).toBe('Your return RMA-101 is refunded');
    expect(readMailHtml(mail.html).lines.slice(1, 3)).toEqual([
      'We received your return',
      'Hi Dana, your return RMA-101 of order #1042 arrived and we refunded $44.99 to your card.',
    ]);
    expect(mail.text).toContain('Your return RMA-101 of order #1042 arrived and we refunded $44.99 to your card.');
  });

  it('names the refunded total when this refund is one of several', async () => {
    const order = orderRow({ refundedCents: 5000 });
    const mail = await orderRefundedMail(
      order,
      { amountCents: 1000, cancelsOrder: false, rma: null, lines: [] },
      store,
      orderPageUrl,
    );
    expect(readMailHtml(mail.html).lines).toContain('Refunded on this order in all: $50.00 of $111.88.');
  });

  it('tells a cancellation as one', async () => {
    const order = orderRow({ status: 'cancelled', refundedCents: 11188 });
    const mail = await orderRefundedMail(
      order,
      { amountCents: 11188, cancelsOrder: true, rma: null, lines: [] },
      store,
      orderPageUrl,
    );
    expect(mail.subject).toBe('Your Ironwake order #1042 is cancelled');
    expect(readMailHtml(mail.html).lines).toContain('Hi Dana, order #1042 is cancelled and $111.88 is refunded to your card.');
  });

  it('escapes what the shopper typed into the order', async () => {
    const order = orderRow({ firstName: '<img src=x onerror=alert(1)>' });
    const mail = await orderRefundedMail(
      order,
      { amountCents: 100, cancelsOrder: false, rma: null, lines: [] },
      store,
      orderPageUrl,
    );
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;img src=x');
  });
});
