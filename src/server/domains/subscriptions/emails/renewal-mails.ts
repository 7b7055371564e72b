import { formatUsd } from '#shared/money.ts';
import type { StoreContact } from '../../../lib/mail-layout.tsx';
import type { Mail } from '../../../lib/mailer.ts';
import type { RenewalPrice } from '../renewal-pricing.ts';
import type { SubscriptionRow } from '../renewals-repo.ts';
import { dayText, intervalText, subscriptionMail } from './subscription-mail.tsx';

type Sub = Pick<SubscriptionRow, 'email' | 'firstName' | 'intervalWeeks' | 'discountPercent' | 'askFirst' | 'cardLast4'>;

/** The order's rows at today's prices: each line, shipping, the total before tax. */
function priceRows(price: RenewalPrice, taxed: boolean) {
  return [
    ...price.lines.map((l) => ({
      key: `line-${l.productId}`,
      label: `${l.quantity} × ${l.name}`,
      amount: formatUsd(l.unitPriceCents * l.quantity),
    })),
    { key: 'shipping', label: 'Shipping', amount: price.shippingCents === 0 ? 'Free' : formatUsd(price.shippingCents) },
    { key: 'total', label: taxed ? 'Total before sales tax' : 'Total', amount: formatUsd(price.totalCents), strong: true },
  ];
}

const page = (url: string, action: string) => `${url}?action=${action}`;

/** "Your next order ships on …" (3 days before): Skip, Change date and Cancel; with "ask me first", Confirm. */
export function renewalNoticeMail(
  sub: Sub,
  due: Date,
  price: RenewalPrice,
  o: { pageUrl: string; taxed: boolean; store: StoreContact },
): Promise<Mail> {
  const day = dayText(due);
  const paragraphs = sub.askFirst
    ? [
        `Hi ${sub.firstName}, your next subscription order is ready for ${day}. You asked us to check with you first: we charge your card and ship it only once you confirm.`,
        `Not confirmed within 7 days of ${day}, this order is skipped and your subscription goes on as before.`,
      ]
    : [
        `Hi ${sub.firstName}, your next subscription order ships on ${day}. We charge your saved card${sub.cardLast4 ? ` ending in ${sub.cardLast4}` : ''} that day, at that day's price less your ${sub.discountPercent}% subscription discount.`,
      ];
  const links = [
    ...(sub.askFirst ? [{ label: 'Confirm this order', url: page(o.pageUrl, 'confirm') }] : []),
    { label: 'Skip this order', url: page(o.pageUrl, 'skip') },
    { label: 'Change date', url: page(o.pageUrl, 'change-date') },
    { label: 'Cancel subscription', url: page(o.pageUrl, 'cancel') },
  ];
  return subscriptionMail(sub.email, sub.askFirst ? `Confirm your order for ${day}` : `Your next order ships on ${day}`, {
    title: sub.askFirst ? 'Confirm your next order' : `Your next order ships on ${day}`,
    paragraphs,
    rows: priceRows(price, o.taxed),
    links,
    footnote: `Amounts at today's prices${o.taxed ? '; sales tax is added where it applies' : ''}. You can skip, change or cancel any time before the order is made.`,
    store: o.store,
  });
}

/** A renewal that could not be made or paid: why, when it is tried again, and the page to put it right. */
export function renewalFailedMail(
  sub: Sub,
  reason: string,
  retryAt: Date,
  o: { pageUrl: string; store: StoreContact },
): Promise<Mail> {
  return subscriptionMail(sub.email, 'We could not process your subscription order', {
    title: 'Your subscription order is on hold',
    paragraphs: [
      `Hi ${sub.firstName}, we could not process your subscription order. ${reason}`,
      `We will try again on ${dayText(retryAt)}. To use another card, or to skip or cancel, open your subscription page.`,
    ],
    rows: [],
    links: [{ label: 'Manage your subscription', url: o.pageUrl }],
    footnote: null,
    store: o.store,
  });
}

/** The last retry failed too: the subscription is paused until the shopper resumes it. */
export function renewalPausedMail(sub: Sub, reason: string, o: { pageUrl: string; store: StoreContact }): Promise<Mail> {
  return subscriptionMail(sub.email, 'Your subscription is paused', {
    title: 'Your subscription is paused',
    paragraphs: [
      `Hi ${sub.firstName}, we tried your subscription order several times over the past week and could not process it. ${reason}`,
      'We have paused your subscription: nothing more is charged or shipped until you resume it from your subscription page.',
    ],
    rows: [],
    links: [{ label: 'Manage your subscription', url: o.pageUrl }],
    footnote: null,
    store: o.store,
  });
}

/** An "ask me first" order not confirmed within its days: skipped, and the next date. */
export function unconfirmedSkippedMail(
  sub: Sub,
  skipped: Date,
  next: Date,
  o: { pageUrl: string; store: StoreContact },
): Promise<Mail> {
  return subscriptionMail(sub.email, 'We skipped your subscription order', {
    title: 'We skipped your subscription order',
    paragraphs: [
      `Hi ${sub.firstName}, your subscription order for ${dayText(skipped)} was not confirmed, so we did not charge or ship it.`,
      `Your next order is due on ${dayText(next)}; we will ask you again before it.`,
    ],
    rows: [],
    links: [{ label: 'Manage your subscription', url: o.pageUrl }],
    footnote: null,
    store: o.store,
  });
}

/** The yearly reminder of the terms (California Business and Professions Code §17602): price, interval, discount, how to cancel. */
export function termsReminderMail(
  sub: Sub & { nextRenewalAt: Date },
  price: RenewalPrice | null,
  o: { pageUrl: string; taxed: boolean; store: StoreContact },
): Promise<Mail> {
  return subscriptionMail(sub.email, 'A reminder of your subscription terms', {
    title: 'Your subscription terms',
    paragraphs: [
      `Hi ${sub.firstName}, once a year we remind you of the subscription you started with us.`,
      `An order comes ${intervalText(sub.intervalWeeks)}, charged to your saved card${sub.cardLast4 ? ` ending in ${sub.cardLast4}` : ''} at that day's price less your ${sub.discountPercent}% subscription discount${sub.askFirst ? ', once you confirm it from the e-mail we send 3 days before' : ''}. We e-mail you 3 days before each order. Your next order is due on ${dayText(sub.nextRenewalAt)}.`,
      'You can skip an order, change its date, pause or cancel at any time from your subscription page, with no fee. Cancelling stops every future charge at once.',
    ],
    rows: price ? priceRows(price, o.taxed) : [],
    links: [
      { label: 'Manage your subscription', url: o.pageUrl },
      { label: 'Cancel subscription', url: `${o.pageUrl}?action=cancel` },
    ],
    footnote: price ? `What an order comes to at today's prices${o.taxed ? ', before sales tax' : ''}.` : null,
    store: o.store,
  });
}
