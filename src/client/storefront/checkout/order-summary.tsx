import type { ReactNode } from 'react';
import type { CheckoutOrder } from '#shared/checkout.ts';
import { formatUsd, parseCents } from '#shared/money.ts';
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
            </div>
            <p className="font-bold tabular-nums">{formatUsd(parseCents(item.lineTotal))}</p>
          </li>
        ))}
      </ul>
      {children}
      <dl className="mt-5 grid gap-2 border-t border-line pt-4 text-sm tabular-nums">
        <div className="flex justify-between gap-4">
          <dt>Subtotal</dt>
          <dd>{formatUsd(parseCents(order.subtotal))}</dd>
        </div>
        {order.discount ? (
          <div className="flex justify-between gap-4 font-semibold text-ok">
            <dt>Discount ({order.discount.code})</dt>
            <dd>−{formatUsd(parseCents(order.discount.amount))}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4">
          <dt>{order.shippingLine}</dt>
          <dd>{parseCents(order.shipping) === 0 ? 'Free' : formatUsd(parseCents(order.shipping))}</dd>
        </div>
        {parseCents(order.tax) > 0 ? (
          <div className="flex justify-between gap-4">
            <dt>Sales tax</dt>
            <dd data-testid="order-tax">{formatUsd(parseCents(order.tax))}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4 border-t border-line pt-2 text-lg font-bold">
          <dt>Total</dt>
          <dd data-testid="order-total">{formatUsd(parseCents(order.total))}</dd>
        </div>
      </dl>
    </section>
  );
}
