// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readMailHtml } from '#tests/support/mail-html.ts';
import { orderItemRows, orderRow } from '#tests/support/order-rows.ts';
import { checkoutReminderMail } from './checkout-reminder.tsx';

const store = {
  publicUrl: 'https://ironwakesalts.com',
  supportEmail: 'support@ironwakesalts.com',
  supportPhone: '(614) 555-0142',
};
const links = {
  restoreUrl: 'https://ironwakesalts.com/recover/eyJwdXJwb3NlIjoicmVzdG9yZSJ9.abc_DEF-123',
  unsubscribeUrl: 'https://ironwakesalts.com/unsubscribe/eyJwdXJwb3NlIjoidW5zdWJzY3JpYmUifQ.xyz_UVW-789',
};
const checkout = (change: Parameters<typeof orderRow>[0] = {}) => {
  const o = orderRow({ status: 'pending', paidAt: null, ...change });
  return { ...o, email: o.email ?? '', items: orderItemRows() };
};

describe('the checkout reminder e-mail', () => {
  it('goes to the address of the checkout, with one-click unsubscribe headers (RFC 8058) naming the unsubscribe page', async () => {
    const mail = await checkoutReminderMail(checkout(), links, store);
    expect(mail.to).toBe('dana.lee@example.com');
    expect(mail.subject).toBe('Your Ironwake order is waiting');
    // The page, not the JSON call: a reader without one-click opens it and finds the button.
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://ironwakesalts.com/unsubscribe/eyJwdXJwb3NlIjoidW5zdWJzY3JpYmUifQ.xyz_UVW-789>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('shows the items, shipping and total, the button, and the unsubscribe link under the support note', async () => {
    const { lines, links: found } = readMailHtml((await checkoutReminderMail(checkout(), links, store)).html);
    expect(lines).toEqual([
      'IRONWAKE',
      'Your order is waiting',
      'Hi Dana, you stopped at the payment step. Your items and shipping details are saved: pick up where you left off.',
      '2 × Smelling Salts 3-Pack',
      '$89.98',
      '1 × Single Bottle',
      '$17.99',
      'Shipping',
      '$3.91',
      'Total',
      '$111.88',
      'Complete your order',
      "The button brings your cart and shipping details back for 14 days, at today's prices and stock.",
      'Questions? Write to support@ironwakesalts.com or call (614) 555-0142 (Mon-Fri 9AM-6PM EST).',
      'We send this reminder once. Unsubscribe from reminders',
    ]);
    expect(found).toEqual([
      { text: 'Complete your order', href: links.restoreUrl },
      { text: 'support@ironwakesalts.com', href: 'mailto:support@ironwakesalts.com' },
      { text: 'Unsubscribe from reminders', href: links.unsubscribeUrl },
    ]);
  });

  it('names a discount and free shipping', async () => {
    const mail = await checkoutReminderMail(
      checkout({ discountCode: 'ATHLETE10', discountCents: 1080, shippingCents: 0, totalCents: 9717 }),
      links,
      store,
    );
    const { lines } = readMailHtml(mail.html);
    expect(lines.slice(7, 13)).toEqual(['Discount', '−$10.80 (ATHLETE10)', 'Shipping', 'Free', 'Total', '$97.17']);
  });

  it('says the same in its plain-text part, with both links', async () => {
    const mail = await checkoutReminderMail(checkout(), links, store);
    expect(mail.text).toBe(
      [
        'Hi Dana,',
        '',
        'You stopped at the payment step. Your items and shipping details are saved:',
        '',
        '2 × Smelling Salts 3-Pack  $89.98',
        '1 × Single Bottle  $17.99',
        'Shipping  $3.91',
        'Total  $111.88',
        '',
        `Complete your order: ${links.restoreUrl}`,
        "The link brings your cart and shipping details back for 14 days, at today's prices and stock.",
        '',
        'Questions? Reply to this e-mail, write to support@ironwakesalts.com or call (614) 555-0142 (Mon-Fri 9AM-6PM EST).',
        '',
        `We send this reminder once. To get no more reminders: ${links.unsubscribeUrl}`,
        '',
        'Ironwake',
        'https://ironwakesalts.com',
      ].join('\n'),
    );
  });

  it('prints the store’s postal address under it once the owner gave one (CAN-SPAM, docs/decisions/0051)', async () => {
    const mail = await checkoutReminderMail(checkout(), links, { ...store, postalAddress: '12 Iron Way, Columbus, OH 43004' });
    expect(readMailHtml(mail.html).lines.slice(-2)).toEqual([
      'We send this reminder once. Unsubscribe from reminders',
      'Ironwake, 12 Iron Way, Columbus, OH 43004',
    ]);
    expect(mail.text.endsWith('Ironwake\nhttps://ironwakesalts.com\n12 Iron Way, Columbus, OH 43004')).toBe(true);
  });

  it('puts markup in a name as text', async () => {
    const mail = await checkoutReminderMail(checkout({ firstName: '<b>Dana</b>' }), links, store);
    const { lines, document } = readMailHtml(mail.html);
    expect(lines[2]).toContain('Hi <b>Dana</b>, you stopped');
    expect(document.querySelector('b')).toBeNull();
  });
});
