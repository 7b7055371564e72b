import type { AdminOrder, OrderStatus } from '#shared/admin.ts';
import { formatUsd, parseCents } from '#shared/money.ts';

export const STATUS_LABEL: Record<OrderStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** docs/product.md §2: 10- or 11-digit US numbers as +1-xxx-xxx-xxxx, anything else as entered, 'Not provided' when empty. */
export function formatPhone(phone: string | null): string {
  if (!phone?.trim()) return 'Not provided';
  const digits = phone.replace(/\D/g, '');
  const ten = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits.length === 10 ? digits : null;
  return ten ? `+1-${ten.slice(0, 3)}-${ten.slice(3, 6)}-${ten.slice(6)}` : phone;
}

/** The order's label: the last 8 characters of its payment id. */
export const orderLabel = (o: AdminOrder) => (o.stripePaymentIntentId ?? String(o.id)).slice(-8);

export const customerName = (o: AdminOrder) => [o.firstName, o.lastName].filter(Boolean).join(' ') || 'No name given';

export function addressLines(o: AdminOrder): string[] {
  return [
    customerName(o),
    o.shippingAddress ?? '',
    [o.shippingCity, [o.shippingState, o.shippingZip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    o.shippingCountry === 'US' ? 'United States' : (o.shippingCountry ?? ''),
  ].filter((l) => l.trim() !== '');
}

export function orderDetails(o: AdminOrder): string {
  return [
    `Order ${orderLabel(o)} (#${o.id}) — ${o.status}`,
    `Placed: ${new Date(o.createdAt).toLocaleString('en-US')}`,
    `Customer: ${customerName(o)} <${o.email ?? 'no e-mail'}>, phone ${formatPhone(o.phone)}`,
    'Items:',
    ...o.items.map((i) => `  ${i.quantity} × ${i.name} @ ${formatUsd(parseCents(i.unitPrice))}`),
    `Total: ${formatUsd(parseCents(o.total))}`,
    'Ship to:',
    ...addressLines(o).map((l) => `  ${l}`),
    ...(o.trackingNumber ? [`Tracking: ${o.shippingCarrier ?? ''} ${o.trackingNumber}`.trim()] : []),
  ].join('\n');
}
