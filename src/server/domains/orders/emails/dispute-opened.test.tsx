// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readMailHtml } from '#tests/support/mail-html.ts';
import { disputeOpenedMail } from './dispute-opened.tsx';

const store = { publicUrl: 'https://ironwakesalts.com' };
const dispute = {
  orderId: 1042,
  amountCents: 4189,
  reason: 'product_not_received',
  inquiry: false,
  evidenceDueBy: new Date('2026-12-04T23:59:59Z'),
  stripeUrl: 'https://dashboard.stripe.com/disputes/du_1Abc',
  orderUrl: 'https://ironwakesalts.com/admin?tab=orders&q=1042',
  store,
};

describe('the dispute alert to the owner', () => {
  it('says which order, how much, why, by when, and links to Stripe and to the order', async () => {
    const mail = await disputeOpenedMail(dispute, 'owner@ironwakesalts.com');
    expect(mail.to).toBe('owner@ironwakesalts.com');
    expect(mail.subject).toBe('Order #1042 is disputed ($41.89), evidence due 2026-12-04');
    const { lines, links } = readMailHtml(mail.html);
    expect(lines).toContain('A dispute of $41.89 was opened on order #1042. Reason given by the bank: product not received.');
    expect(lines).toContain(
      "Send your evidence in Stripe's dashboard before Friday, December 4, 2026 at 11:59 PM (UTC). Without it, the dispute is lost.",
    );
    expect(links).toEqual([
      { text: 'Respond in Stripe', href: dispute.stripeUrl },
      { text: 'Open the order in the dashboard', href: dispute.orderUrl },
    ]);
    expect(mail.text).toContain(`Respond in Stripe: ${dispute.stripeUrl}`);
    expect(mail.text).toContain(`The order in the dashboard: ${dispute.orderUrl}`);
  });

  it('calls an inquiry an inquiry, and says when no evidence is asked', async () => {
    const mail = await disputeOpenedMail({ ...dispute, inquiry: true, evidenceDueBy: null }, 'owner@ironwakesalts.com');
    expect(mail.subject).toBe('Order #1042: the bank asks about a payment ($41.89)');
    expect(mail.text).toContain('An inquiry of $41.89 was opened on order #1042.');
    expect(mail.text).toContain('Stripe asks for no evidence for it at the moment.');
  });
});
