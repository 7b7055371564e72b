// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readMailHtml } from '#tests/support/mail-html.ts';
import { orderItemRows, orderRow } from '#tests/support/order-rows.ts';
import { orderShippedMail } from './order-shipped.tsx';

const store = {
  publicUrl: 'https://ironwakesalts.com',
  supportEmail: 'support@ironwakesalts.com',
  supportPhone: '(614) 555-0142',
};
const shipped = orderRow({
  status: 'shipped',
  trackingNumber: '9400111899223344556677',
  shippingCarrier: 'USPS',
  shippingService: 'Ground Advantage',
});
const orderPageUrl = 'https://ironwakesalts.com/orders/eyJwdXJwb3NlIjoib3JkZXIifQ.abc_DEF-123';
const reviewLinks = [
  { name: 'Smelling Salts 3-Pack', url: 'https://ironwakesalts.com/product/6?review=eyJwIjoicmV2aWV3In0.abc_DEF-123' },
  { name: 'Single Bottle', url: 'https://ironwakesalts.com/product/5?review=eyJwIjoicmV2aWV3In0.xyz_UVW-456' },
];

describe('the shipped e-mail', () => {
  it('goes to the buyer with the order number in the subject', async () => {
    const mail = await orderShippedMail(shipped, orderItemRows(), store, orderPageUrl, reviewLinks);
    expect(mail.to).toBe('dana.lee@example.com');
    expect(mail.subject).toBe('Your Ironwake order #1042 has shipped');
  });

  it('shows the items, the carrier and the tracking number', async () => {
    const { lines } = readMailHtml((await orderShippedMail(shipped, orderItemRows(), store, orderPageUrl, reviewLinks)).html);
    expect(lines.slice(0, 9)).toEqual([
      'IRONWAKE',
      'Your order is on its way',
      'Hi Dana, order #1042 has shipped.',
      '2 × Smelling Salts 3-Pack',
      '1 × Single Bottle',
      'Carrier: USPS Ground Advantage',
      'Tracking number: 9400111899223344556677',
      'Standard Shipping takes 3-5 business days.',
      'Tried them? Tell other athletes',
    ]);
  });

  it('links each product to its review form, and to the support address', async () => {
    const { links } = readMailHtml((await orderShippedMail(shipped, orderItemRows(), store, orderPageUrl, reviewLinks)).html);
    expect(links).toEqual([
      { text: 'Review Smelling Salts 3-Pack', href: reviewLinks[0]!.url },
      { text: 'Review Single Bottle', href: reviewLinks[1]!.url },
      { text: 'View your order', href: orderPageUrl },
      { text: 'support@ironwakesalts.com', href: 'mailto:support@ironwakesalts.com' },
    ]);
  });

  it('says the same in its plain-text part, with the review links written out', async () => {
    const mail = await orderShippedMail(shipped, orderItemRows(), store, orderPageUrl, reviewLinks);
    expect(mail.text).toBe(
      [
        'Hi Dana,',
        '',
        'Good news: your order #1042 is on its way.',
        '',
        '2 × Smelling Salts 3-Pack',
        '1 × Single Bottle',
        '',
        'Shipped with USPS Ground Advantage, tracking number 9400111899223344556677.',
        'Standard Shipping takes 3-5 business days.',
        '',
        'Once you have tried them, tell other athletes what you think:',
        `Review Smelling Salts 3-Pack: ${reviewLinks[0]!.url}`,
        `Review Single Bottle: ${reviewLinks[1]!.url}`,
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

  it('without a label or review links: no carrier, no tracking number, no review section', async () => {
    const mail = await orderShippedMail(orderRow({ status: 'shipped' }), orderItemRows(), store, orderPageUrl);
    const { lines, links } = readMailHtml(mail.html);
    expect(lines.join('\n')).not.toMatch(/Carrier|Tracking number|Tried them/);
    expect(links.map((l) => l.href)).toEqual([orderPageUrl, 'mailto:support@ironwakesalts.com']);
    expect(mail.text).toContain('\nIt left our warehouse today.\n');
    expect(mail.text).not.toContain('Review');
  });

  it("links to the carrier's tracking page when the parcel can be followed", async () => {
    const tracked = orderRow({ ...shipped, trackingUrl: 'https://track.easypost.com/djE6dHJrXzEy' });
    const mail = await orderShippedMail(tracked, orderItemRows(), store, orderPageUrl);
    const { links } = readMailHtml(mail.html);
    expect(links[0]).toEqual({ text: 'Track your parcel', href: 'https://track.easypost.com/djE6dHJrXzEy' });
    expect(mail.text).toContain('\nTrack your parcel: https://track.easypost.com/djE6dHJrXzEy\n');
  });

  it('shows a name or a product name that looks like markup as text, never as markup', async () => {
    const hostile = '<script>alert(1)</script>';
    const links = [{ name: hostile, url: 'https://ironwakesalts.com/product/6?review=a"onmouseover="alert(1)' }];
    const { html } = await orderShippedMail(orderRow({ firstName: hostile }), orderItemRows(), store, orderPageUrl, links);
    const { lines, links: shown, document } = readMailHtml(html);
    expect(document.querySelectorAll('script')).toHaveLength(0);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(lines).toContain(`Hi ${hostile}, order #1042 has shipped.`);
    expect(shown[0]).toEqual({ text: `Review ${hostile}`, href: links[0]!.url });
    expect(document.querySelector('a')?.getAttribute('onmouseover')).toBeNull();
  });
});
