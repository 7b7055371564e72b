// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readMailHtml } from '#tests/support/mail-html.ts';
import { orderItemRows, orderRow } from '#tests/support/order-rows.ts';
import { orderDeliveredMail } from './order-delivered.tsx';

const store = {
  publicUrl: 'https://ironwakesalts.com',
  supportEmail: 'support@ironwakesalts.com',
  supportPhone: '(614) 555-0142',
};
const orderPageUrl = 'https://ironwakesalts.com/orders/eyJwdXJwb3NlIjoib3JkZXIifQ.abc_DEF-123';
const reviewLinks = [
  { name: 'Smelling Salts 3-Pack', url: 'https://ironwakesalts.com/product/6?review=eyJwIjoicmV2aWV3In0.abc_DEF-123' },
  { name: 'Single Bottle', url: 'https://ironwakesalts.com/product/5?review=eyJwIjoicmV2aWV3In0.xyz_UVW-456' },
];
const delivered = orderRow({ status: 'delivered' });

describe('the delivered e-mail', () => {
  it('tells the buyer the order arrived, asks for a review of each product and links the order page', async () => {
    const mail = await orderDeliveredMail(delivered, orderItemRows(), store, orderPageUrl, reviewLinks);
    expect(mail.to).toBe('dana.lee@example.com');
    expect(mail.subject).toBe('Your Ironwake order #1042 was delivered');
    const { lines, links } = readMailHtml(mail.html);
    expect(lines.slice(0, 6)).toEqual([
      'IRONWAKE',
      'Your order was delivered',
      'Hi Dana, the carrier delivered order #1042.',
      '2 × Smelling Salts 3-Pack',
      '1 × Single Bottle',
      'How was it? Tell other athletes',
    ]);
    expect(links).toEqual([
      { text: 'Review Smelling Salts 3-Pack', href: reviewLinks[0]!.url },
      { text: 'Review Single Bottle', href: reviewLinks[1]!.url },
      { text: 'View your order', href: orderPageUrl },
      { text: 'support@ironwakesalts.com', href: 'mailto:support@ironwakesalts.com' },
    ]);
    expect(lines).toContain(
      'Not what you expected? Unopened bottles can be sent back within 30 days from your order page. The return postage is on us: a prepaid label, or the postage you paid refunded with your return.',
    );
  });

  it('says the same in its plain-text part, with the links written out', async () => {
    const mail = await orderDeliveredMail(delivered, orderItemRows(), store, orderPageUrl, reviewLinks);
    expect(mail.text).toContain(`Review Single Bottle: ${reviewLinks[1]!.url}\n`);
    expect(mail.text).toContain(`Your order, its tracking and returns: ${orderPageUrl}\n`);
  });

  it('shows a name that looks like markup as text', async () => {
    const mail = await orderDeliveredMail(orderRow({ firstName: '<b>x</b>' }), orderItemRows(), store, orderPageUrl, []);
    expect(mail.html).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(readMailHtml(mail.html).document.querySelectorAll('b')).toHaveLength(0);
  });
});
