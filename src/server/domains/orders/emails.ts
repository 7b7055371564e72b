import { SUPPORT_HOURS } from '#shared/constants.ts';
import { formatUsd } from '#shared/money.ts';
import { escapeHtml, mailPage } from '../../lib/mail-layout.ts';
import type { Mail } from '../../lib/mailer.ts';
import type { OrderItemRow, OrderRow } from './repo.ts';

/** Five days after the order was paid (SPEC §9). */
export function estimatedDelivery(order: OrderRow): Date {
  return new Date((order.paidAt ?? order.createdAt).getTime() + 5 * 86_400_000);
}

const DAY = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'America/New_York' });

/** The order confirmation: items, total, shipping address, estimated delivery, support contact. */
export function orderConfirmationMail(
  order: OrderRow,
  items: readonly OrderItemRow[],
  store: { publicUrl: string; supportEmail: string; supportPhone: string },
): Mail {
  const name = order.firstName ?? 'there';
  const delivery = DAY.format(estimatedDelivery(order));
  const address = [
    `${order.firstName ?? ''} ${order.lastName ?? ''}`.trim(),
    order.shippingAddress,
    `${order.shippingCity ?? ''}, ${order.shippingState ?? ''} ${order.shippingZip ?? ''}`.trim(),
    'United States',
  ].filter((l): l is string => Boolean(l && l !== ','));
  const lines = items.map((i) => ({ text: `${i.quantity} × ${i.name}`, amount: formatUsd(i.unitPriceCents * i.quantity) }));
  const text = [
    `Hi ${name},`,
    '',
    `Thank you for your order #${order.id}. We have received your payment and will ship within 1-2 business days.`,
    '',
    ...lines.map((l) => `${l.text}  ${l.amount}`),
    `Shipping  ${formatUsd(order.shippingCents)}`,
    `Total  ${formatUsd(order.totalCents)}`,
    '',
    'Shipping to:',
    ...address,
    '',
    `Estimated delivery: ${delivery} (Standard Shipping, 3-5 business days). We will e-mail you the tracking number when it ships.`,
    '',
    `Questions? Reply to this e-mail, write to ${store.supportEmail} or call ${store.supportPhone} (${SUPPORT_HOURS}).`,
    '',
    'Ironwake',
    store.publicUrl,
  ].join('\n');
  const row = (a: string, b: string, strong = false) =>
    `<tr><td style="padding:6px 0;${strong ? 'font-weight:700;' : ''}">${escapeHtml(a)}</td><td style="padding:6px 0;text-align:right;${strong ? 'font-weight:700;' : ''}">${escapeHtml(b)}</td></tr>`;
  const html = mailPage(
    `<h1 style="font-size:22px;margin:0 0 8px">Order confirmed</h1>
<p style="margin:0 0 16px">Hi ${escapeHtml(name)}, thank you for your order <strong>#${order.id}</strong>. We will ship it within 1-2 business days.</p>
<table style="width:100%;border-collapse:collapse;border-top:1px solid #ddd5c8">${lines.map((l) => row(l.text, l.amount)).join('')}
${row('Shipping', formatUsd(order.shippingCents))}${row('Total', formatUsd(order.totalCents), true)}</table>
<h2 style="font-size:15px;margin:20px 0 4px">Shipping to</h2>
<p style="margin:0">${address.map(escapeHtml).join('<br>')}</p>
<h2 style="font-size:15px;margin:20px 0 4px">Estimated delivery</h2>
<p style="margin:0">${escapeHtml(delivery)} — Standard Shipping (3-5 business days). We will e-mail you the tracking number when it ships.</p>`,
    `Questions? Write to <a href="mailto:${escapeHtml(store.supportEmail)}">${escapeHtml(store.supportEmail)}</a> or call ${escapeHtml(store.supportPhone)} (${SUPPORT_HOURS}).`,
  );
  return { to: order.email ?? '', subject: `Your Ironwake order #${order.id} is confirmed`, text, html };
}

/**
 * Sent once when an order ships: carrier and tracking number when there is a label, and a link per
 * product that opens its review form already verified (docs/decisions/0021).
 */
export function orderShippedMail(
  order: OrderRow,
  items: readonly OrderItemRow[],
  store: { publicUrl: string; supportEmail: string; supportPhone: string },
  reviewLinks: readonly { name: string; url: string }[] = [],
): Mail {
  const name = order.firstName ?? 'there';
  const tracking = order.trackingNumber
    ? `${`${order.shippingCarrier ?? 'Carrier'} ${order.shippingService ?? ''}`.trim()}, tracking number ${order.trackingNumber}`
    : null;
  const list = items.map((i) => `${i.quantity} × ${i.name}`);
  const text = [
    `Hi ${name},`,
    '',
    `Good news: your order #${order.id} is on its way.`,
    '',
    ...list,
    '',
    tracking ? `Shipped with ${tracking}.` : 'It left our warehouse today.',
    'Standard Shipping takes 3-5 business days.',
    '',
    ...(reviewLinks.length > 0
      ? [
          'Once you have tried them, tell other athletes what you think:',
          ...reviewLinks.map((l) => `Review ${l.name}: ${l.url}`),
          '',
        ]
      : []),
    `Questions? Reply to this e-mail, write to ${store.supportEmail} or call ${store.supportPhone} (${SUPPORT_HOURS}).`,
    '',
    'Ironwake',
    store.publicUrl,
  ].join('\n');
  const html = mailPage(
    `<h1 style="font-size:22px;margin:0 0 8px">Your order is on its way</h1>
<p style="margin:0 0 16px">Hi ${escapeHtml(name)}, order <strong>#${order.id}</strong> has shipped.</p>
<p style="margin:0 0 16px">${list.map(escapeHtml).join('<br>')}</p>
${
  tracking
    ? `<p style="margin:0 0 8px">Carrier: <strong>${escapeHtml(order.shippingCarrier ?? '')}</strong> ${escapeHtml(order.shippingService ?? '')}</p>
<p style="margin:0 0 16px">Tracking number: <strong style="font-family:monospace;font-size:16px">${escapeHtml(order.trackingNumber ?? '')}</strong></p>`
    : ''
}
<p style="margin:0">Standard Shipping takes 3-5 business days.</p>
${
  reviewLinks.length > 0
    ? `<h2 style="font-size:15px;margin:20px 0 8px">Tried them? Tell other athletes</h2>
${reviewLinks
  .map(
    (l) =>
      `<p style="margin:0 0 8px"><a href="${escapeHtml(l.url)}" style="display:inline-block;background:#f0b429;color:#111;font-weight:700;text-decoration:none;padding:10px 16px;border-radius:6px">Review ${escapeHtml(l.name)}</a></p>`,
  )
  .join('\n')}`
    : ''
}`,
    `Questions? Write to <a href="mailto:${escapeHtml(store.supportEmail)}">${escapeHtml(store.supportEmail)}</a> or call ${escapeHtml(store.supportPhone)} (${SUPPORT_HOURS}).`,
  );
  return { to: order.email ?? '', subject: `Your Ironwake order #${order.id} has shipped`, text, html };
}
