import { Link, useNavigate, useParams } from '../../app/router.tsx';
import type { DeliveryEstimate } from '#shared/delivery.ts';
import { formatUsd, parseCents } from '#shared/money.ts';
import { ORDER_LINK_INVALID, type OrderStatusView } from '#shared/order-status.ts';
import { usePublicConfig } from '../../lib/public-config.tsx';
import { PageMessage } from '../pages/not-found-page.tsx';
import { useOrderStatus } from './api/get-order-status.ts';
import { ReturnsSection } from './returns-section.tsx';

/** Dates as the store's e-mails write them, the same on the server and in any browser. */
const DAY = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
const WHEN = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'America/New_York',
  timeZoneName: 'short',
});
const PLACED = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'America/New_York' });
const day = (ymd: string) => DAY.format(new Date(`${ymd}T12:00:00Z`));
const usd = (decimal: string) => formatUsd(parseCents(decimal));

const STEPS = ['Ordered', 'Shipped', 'Delivered'] as const;

function stepOf(o: OrderStatusView): number {
  if (o.status === 'delivered' || o.delivery?.kind === 'delivered') return 2;
  if (o.status === 'shipped') return 1;
  return 0;
}

function Progress({ order }: { order: OrderStatusView }) {
  const at = stepOf(order);
  return (
    <ol className="mt-6 grid grid-cols-3 gap-2" aria-label="Progress">
      {STEPS.map((s, i) => (
        <li key={s} aria-current={i === at ? 'step' : undefined} className="grid gap-2">
          <span className={`h-2 rounded-full ${i <= at ? 'bg-ok' : 'bg-sand'}`} />
          <span className={`text-sm font-bold ${i <= at ? 'text-ink' : 'text-muted'}`}>
            {s}
            {i <= at ? <span className="sr-only"> (done)</span> : null}
          </span>
        </li>
      ))}
    </ol>
  );
}

function deliveryText(d: DeliveryEstimate): string {
  if (d.kind === 'delivered') return `Delivered ${day(d.on)}`;
  return d.from === d.to ? `Arriving ${day(d.from)}` : `Arriving ${day(d.from)} – ${day(d.to)}`;
}

function Delivery({ order }: { order: OrderStatusView }) {
  const t = order.tracking;
  const d = order.delivery;
  if (!d && !t) return null;
  return (
    <section aria-labelledby="delivery-title" className="mt-6 rounded-2xl border border-line bg-white p-5">
      <h2 id="delivery-title" className="text-sm font-bold uppercase tracking-wider text-muted">
        Delivery
      </h2>
      {d ? <p className="mt-1 font-display text-2xl uppercase">{deliveryText(d)}</p> : null}
      {d?.kind === 'expected' ? (
        <p className="text-sm text-muted">
          {d.byCarrier ? 'The carrier’s estimate.' : 'Standard Shipping: processed in 1-2 business days, 3-5 days in transit.'}
        </p>
      ) : null}
      {t ? (
        <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-line pt-4 text-sm">
          <p>
            <span className="text-muted">{[t.carrier, t.service].filter(Boolean).join(' ') || 'Tracking'}</span>{' '}
            <span className="font-mono font-bold">{t.number}</span>
          </p>
          {t.url ? (
            <a
              href={t.url}
              target="_blank"
              rel="noopener noreferrer"
              referrerPolicy="no-referrer"
              className="font-bold underline underline-offset-4"
            >
              Track your parcel<span className="sr-only"> with {t.carrier ?? 'the carrier'} (opens a new tab)</span>
            </a>
          ) : (
            <span className="text-muted">We e-mail you as it moves.</span>
          )}
        </div>
      ) : null}
    </section>
  );
}

function History({ order }: { order: OrderStatusView }) {
  return (
    <section aria-labelledby="history-title" className="rounded-2xl border border-line bg-white p-5">
      <h2 id="history-title" className="text-sm font-bold uppercase tracking-wider text-muted">
        What happened
      </h2>
      <ol className="mt-4 grid gap-4 border-l-2 border-line pl-4">
        {order.history.map((h) => (
          <li key={`${h.at}${h.text}`} className="relative">
            <span className="absolute -left-[1.4rem] top-1.5 size-2.5 rounded-full bg-ink" aria-hidden="true" />
            <p className="font-semibold leading-snug">{h.text}</p>
            <p className="text-sm text-muted">
              <time dateTime={h.at}>{WHEN.format(new Date(h.at))}</time>
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Items({ order }: { order: OrderStatusView }) {
  const refunded = parseCents(order.refunded);
  return (
    <section aria-labelledby="items-title" className="rounded-2xl border border-line bg-white p-5">
      <h2 id="items-title" className="text-sm font-bold uppercase tracking-wider text-muted">
        Items
      </h2>
      <ul className="mt-3 grid gap-2">
        {order.items.map((i) => (
          <li key={i.productId} className="flex justify-between gap-4">
            <span>
              {i.quantity} × {i.name}
            </span>
            <span className="font-bold tabular-nums">{usd(i.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-4 grid gap-1 border-t border-line pt-3 text-sm tabular-nums">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd>{usd(order.subtotal)}</dd>
        </div>
        {order.discount ? (
          <div className="flex justify-between">
            <dt>Discount ({order.discount.code})</dt>
            <dd>−{usd(order.discount.amount)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between">
          <dt>Shipping</dt>
          <dd>{parseCents(order.shipping) === 0 ? 'Free' : usd(order.shipping)}</dd>
        </div>
        {parseCents(order.tax) > 0 ? (
          <div className="flex justify-between gap-4">
            <dt>Sales tax</dt>
            <dd>{usd(order.tax)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between text-base font-bold">
          <dt>Total</dt>
          <dd>{usd(order.total)}</dd>
        </div>
        {refunded > 0 ? (
          <div className="flex justify-between font-semibold text-ok">
            <dt>Refunded</dt>
            <dd>−{formatUsd(refunded)}</dd>
          </div>
        ) : null}
      </dl>
      <h3 className="mt-5 text-sm font-bold uppercase tracking-wider text-muted">Shipping to</h3>
      <address className="mt-1 not-italic">
        {[order.shipTo.name, ...order.shipTo.lines].map((l) => (
          <span key={l} className="block">
            {l}
          </span>
        ))}
      </address>
    </section>
  );
}

/**
 * /orders/:token, the shopper's order page (docs/product.md §2 "Order status"): opened by the link in
 * every order e-mail, rendered by the server, never indexed. The token in the address is the key.
 */
export function OrderStatusPage() {
  const token = useParams().token ?? '';
  const { data: order, isPending } = useOrderStatus(token);
  const navigate = useNavigate();
  const { supportEmail } = usePublicConfig();
  if (isPending) {
    return (
      <div className="grid min-h-[60vh] place-items-center" role="status" aria-label="Loading your order">
        <span className="size-10 animate-spin rounded-full border-4 border-line border-t-amber" />
      </div>
    );
  }
  if (!order) {
    return (
      <PageMessage
        title="Order Not Found"
        text={ORDER_LINK_INVALID}
        action="Find Your Order"
        onAction={() => navigate('/order-status')}
      />
    );
  }
  const closed = order.status === 'cancelled' || order.status === 'refunded';
  return (
    <div className="mx-auto max-w-4xl px-4 pb-20 pt-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-sm font-bold uppercase tracking-wider text-muted">Your order</p>
          <h1 className="font-display text-4xl uppercase">Order #{order.orderNumber}</h1>
          <p className="text-muted">Placed {PLACED.format(new Date(order.placedAt))}</p>
        </div>
        <span
          data-testid="order-status-label"
          className={`inline-flex items-center rounded-full px-3 py-1 text-xs font-bold uppercase tracking-wider ${
            closed ? 'bg-danger text-white' : order.status === 'delivered' ? 'bg-ok text-white' : 'bg-amber text-ink'
          }`}
        >
          {order.statusLabel}
        </span>
      </div>
      {closed ? null : <Progress order={order} />}
      <Delivery order={order} />
      <div className="mt-6 grid items-start gap-6 md:grid-cols-2">
        <History order={order} />
        <Items order={order} />
      </div>
      <ReturnsSection order={order} token={token} />
      <p className="mt-8 text-center text-sm text-muted">
        Questions about your order?{' '}
        <a
          className="font-bold text-ink underline"
          href={`mailto:${supportEmail}?subject=${encodeURIComponent(`Order #${order.orderNumber}`)}`}
        >
          {supportEmail}
        </a>{' '}
        ·{' '}
        <Link to="/" className="font-bold text-ink underline">
          Continue Shopping
        </Link>
        {order.subscription ? (
          <>
            {' '}
            ·{' '}
            <Link to={order.subscription.path} className="font-bold text-ink underline">
              Manage your subscription
            </Link>
          </>
        ) : null}
      </p>
    </div>
  );
}
