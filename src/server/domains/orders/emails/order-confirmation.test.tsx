// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readMailHtml } from '#tests/support/mail-html.ts';
import { orderItemRows, orderRow } from '#tests/support/order-rows.ts';
import { orderConfirmationMail } from './order-confirmation.tsx';

const store = {
  publicUrl: 'https://ironwakesalts.com',
  supportEmail: 'support@ironwakesalts.com',
  supportPhone: '(614) 555-0142',
};

const orderPageUrl = 'https://ironwakesalts.com/orders/eyJwdXJwb3NlIjoib3JkZXIifQ.abc_DEF-123';

describe('the order confirmation e-mail', () => {
  it('goes to the buyer with the order number in the subject', async () => {
    const mail = await orderConfirmationMail(orderRow(), orderItemRows(), store, orderPageUrl);
    expect(mail.to).toBe('dana.lee@example.com');
    expect(mail.subject).toBe('Your Ironwake order #1042 is confirmed');
  });

  it('says a subscription renewal is one, in its subject and its text (docs/decisions/0053)', async () => {
    const renewal = orderRow({ subscriptionId: 7, renewalDueAt: new Date('2026-11-27T12:00:00Z') });
    const mail = await orderConfirmationMail(renewal, orderItemRows(), store, orderPageUrl);
    expect(mail.subject).toBe('Your Ironwake subscription order #1042 is confirmed');
    const line =
      'This is your subscription order, charged to your saved card. The e-mail we send before each order has the links to skip, change or cancel the next one.';
    expect(readMailHtml(mail.html).lines[3]).toBe(line);
    expect(mail.text).toContain(`\n\n${line}\n\n`);
    expect((await orderConfirmationMail(orderRow(), orderItemRows(), store, orderPageUrl)).text).not.toContain(line);
  });

  it('shows each line with its amount, shipping and total, the address and the delivery days', async () => {
    const { lines } = readMailHtml((await orderConfirmationMail(orderRow(), orderItemRows(), store, orderPageUrl)).html);
    expect(lines).toEqual([
      'IRONWAKE',
      'Order confirmed',
      'Hi Dana, thank you for your order #1042. We will ship it within 1-2 business days.',
      '2 × Smelling Salts 3-Pack',
      '$89.98',
      '1 × Single Bottle',
      '$17.99',
      'Shipping',
      '$3.91',
      'Total',
      '$111.88',
      'Shipping to',
      'Dana Lee',
      '12 Iron Way',
      'Columbus, OH 43004',
      'United States',
      'Estimated delivery',
      // Paid on Monday, November 23: 1-2 business days to ship and 3-5 in transit, as the order page says.
      'Friday, November 27 to Wednesday, December 2 — Standard Shipping (3-5 business days). We will e-mail you the tracking number when it ships.',
      'View your order',
      'Questions? Write to support@ironwakesalts.com or call (614) 555-0142 (Mon-Fri 9AM-6PM EST).',
    ]);
  });

  it('links to its order page and to the support address', async () => {
    const { links } = readMailHtml((await orderConfirmationMail(orderRow(), orderItemRows(), store, orderPageUrl)).html);
    expect(links).toEqual([
      { text: 'View your order', href: orderPageUrl },
      { text: 'support@ironwakesalts.com', href: 'mailto:support@ironwakesalts.com' },
    ]);
  });

  it('says the same in its plain-text part, line by line', async () => {
    const mail = await orderConfirmationMail(orderRow(), orderItemRows(), store, orderPageUrl);
    expect(mail.text).toBe(
      [
        'Hi Dana,',
        '',
        'Thank you for your order #1042. We have received your payment and will ship within 1-2 business days.',
        '',
        '2 × Smelling Salts 3-Pack  $89.98',
        '1 × Single Bottle  $17.99',
        'Shipping  $3.91',
        'Total  $111.88',
        '',
        'Shipping to:',
        'Dana Lee',
        '12 Iron Way',
        'Columbus, OH 43004',
        'United States',
        '',
        'Estimated delivery: Friday, November 27 to Wednesday, December 2 (Standard Shipping, 3-5 business days). We will e-mail you the tracking number when it ships.',
        '',
        `Your order, its tracking and returns: ${orderPageUrl}`,
        '',
        'Questions? Reply to this e-mail, write to support@ironwakesalts.com or call (614) 555-0142 (Mon-Fri 9AM-6PM EST).',
        '',
        'Ironwake',
        'https://ironwakesalts.com',
      ].join('\n'),
    );
  });

  it('shows a name or an address that looks like markup as text, never as markup', async () => {
    const hostile = '<script>alert(1)</script>';
    const order = orderRow({ firstName: hostile, shippingAddress: '<img src=x onerror=alert(1)>' });
    const items = [{ ...orderItemRows()[0]!, name: '<b>Free</b>' }];
    const { html } = await orderConfirmationMail(order, items, store, orderPageUrl);
    const { lines, document } = readMailHtml(html);
    expect(document.querySelectorAll('script, img, b')).toHaveLength(0);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(lines).toContain(`Hi ${hostile}, thank you for your order #1042. We will ship it within 1-2 business days.`);
    expect(lines).toContain('<img src=x onerror=alert(1)>');
    expect(lines).toContain('2 × <b>Free</b>');
  });

  it('greets "there" and leaves out the parts of an address it does not have', async () => {
    const order = orderRow({ firstName: null, lastName: null, shippingCity: null, shippingState: null, shippingZip: null });
    const { lines } = readMailHtml((await orderConfirmationMail(order, orderItemRows(), store, orderPageUrl)).html);
    expect(lines).toContain('Hi there, thank you for your order #1042. We will ship it within 1-2 business days.');
    const address = lines.slice(lines.indexOf('Shipping to') + 1, lines.indexOf('Estimated delivery'));
    expect(address).toEqual(['12 Iron Way', 'United States']);
  });

  it('estimates the delivery as the order page does, never on a weekend', async () => {
    const order = orderRow({ paidAt: new Date('2026-11-27T20:00:00Z'), createdAt: new Date('2026-11-27T19:50:00Z') });
    const { lines } = readMailHtml((await orderConfirmationMail(order, orderItemRows(), store, orderPageUrl)).html);
    // Paid on a Friday: the weekend does not count (the old five calendar days said Wednesday, December 2).
    expect(lines[lines.indexOf('Estimated delivery') + 1]).toMatch(/^Thursday, December 3 to Tuesday, December 8 — /);
  });

  it('names the discount code and what it took off, and free shipping as free', async () => {
    const order = orderRow({ discountCode: 'ATHLETE10', discountCents: 1080, shippingCents: 0, totalCents: 9717 });
    const mail = await orderConfirmationMail(order, orderItemRows(), store, orderPageUrl);
    const { lines } = readMailHtml(mail.html);
    expect(lines.slice(7, 13)).toEqual(['Discount (ATHLETE10)', '−$10.80', 'Shipping', 'Free', 'Total', '$97.17']);
    expect(mail.text).toContain('\nDiscount (ATHLETE10)  −$10.80\nShipping  Free\nTotal  $97.17\n');
  });
});
