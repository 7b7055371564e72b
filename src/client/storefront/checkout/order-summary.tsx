import type { ReactNode } from 'react';
import type { CheckoutOrder } from '#shared/checkout.ts';
import { formatUsd, parseCents } from '#shared/money.ts';
import { subscriptionLineNote } from '#shared/subscribe-terms.ts';
import { ProductImage } from '../catalog/components/product-image.tsx';

/** The order's real items and total (docs/engineering.md §4.2); `children` go between them (the checkout's discount code). */
export function OrderSummary({ order, children }: { order: CheckoutOrder; children?: ReactNode }) {
  return (
    <section aria-label="Order summary" className="rounded-2xl border border-line bg-white p-5">
      <h2 className="text-sm font-bold uppercase tracking-wider text-muted">Your order</h2>
      <ul className="mt-4 grid gap-4">
        {order.items.map((item) => (
          <li key={item.productId} className="flex items-center gap-4">
            <ProductImage
              image={item.image}
              alt={item.name}
              sizes="64px"
              className="size-16 shrink-0 rounded-md bg-sand object-cover"
            />
            <div className="flex-1">
              <p className="font-bold leading-tight">{item.name}</p>
              <p className="text-sm text-muted tabular-nums">
                {item.quantity} × {formatUsd(parseCents(item.unitPrice))}
              </p>
              {item.subscription ? (
                <p className="text-sm font-semibold text-ink-soft">
                  {subscriptionLineNote(item.subscription.intervalWeeks, item.subscription.discountPercent)}
                </p>
              ) : null}
            </div>
            <p className="font-bold tabular-nums">{formatUsd(parseCents(item.lineTotal))}</p>
          </li>
        ))}
      </ul>
      {children}
      <dl className="mt-5 grid gap-2 border-t border-line pt-4 text-sm tabular-nums">
        <Row label="Subtotal" cents={parseCents(order.subtotal)} />
        {order.discount ? (
          <Row
            label={`Discount (${order.discount.code})`}
            cents={parseCents(order.discount.amount)}
            className="font-semibold text-ok"
            minus
          />
        ) : null}
        <Row label={order.shippingLine} cents={parseCents(order.shipping)} free />
        {parseCents(order.tax) > 0 ? <Row label="Sales tax" cents={parseCents(order.tax)} testId="order-tax" /> : null}
        <Row
          label="Total"
          cents={parseCents(order.total)}
          className="border-t border-line pt-2 text-lg font-bold"
          testId="order-total"
        />
      </dl>
    </section>
  );
}

/** One line of the totals: its label and amount ("Free" for nothing where `free`, "−" before a deduction). */
function Row(p: { label: string; cents: number; className?: string; testId?: string; minus?: boolean; free?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${p.className ?? ''}`}>
      <dt>{p.label}</dt>
      <dd data-testid={p.testId}>{p.free && p.cents === 0 ? 'Free' : `${p.minus ? '−' : ''}${formatUsd(p.cents)}`}</dd>
    </div>
  );
}
