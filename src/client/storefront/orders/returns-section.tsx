import { lazy, Suspense, useRef, useState } from 'react';
import { formatUsd, parseCents } from '#shared/money.ts';
import type { OrderStatusView } from '#shared/order-status.ts';
import type { ShopperReturn } from '#shared/returns.ts';
import { Button, buttonVariants } from '../../ui/button.tsx';

/** The form loads when the shopper asks to return something: most visits only read the page. */
const ReturnForm = lazy(() => import('./return-form.tsx').then((m) => ({ default: m.ReturnForm })));

const pill = 'inline-flex items-center rounded-full px-3 py-1 text-xs font-bold uppercase tracking-wider';

const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'America/New_York' });

function ReturnCard({ r }: { r: ShopperReturn }) {
  return (
    <li className="rounded-xl border border-line p-4" data-testid="shopper-return">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-bold">
          Return {r.rma} <span className="font-normal text-muted">· asked {DATE.format(new Date(r.requestedAt))}</span>
        </p>
        <span
          className={`${pill} ${r.status === 'refused' ? 'bg-danger text-white' : r.status === 'received' ? 'bg-ok text-white' : 'border border-ink/30'}`}
        >
          {r.statusLabel}
        </span>
      </div>
      <p className="mt-2 text-sm">
        {r.items.map((i) => `${i.quantity} × ${i.name}`).join(', ')} · {formatUsd(parseCents(r.value))}
      </p>
      {r.refusal ? <p className="mt-2 text-sm font-semibold text-danger">Not accepted: {r.refusal}</p> : null}
      {r.status === 'approved' && r.label ? (
        <div className="mt-3 grid gap-2 rounded-lg bg-sand p-3 text-sm">
          <p>
            {r.label.prepaid
              ? `Print this prepaid ${r.label.carrier ?? ''} label, stick it on the box and drop the parcel at the carrier. The postage is on us.`
              : 'Print this return slip, put it in the box and post the parcel to the address on it. Keep the postage receipt: we refund the postage with your return.'}
          </p>
          <a href={r.label.url} className={buttonVariants({ size: 'sm' })} download>
            Download {r.label.prepaid ? 'return label' : 'return slip'} (PDF)
          </a>
          {r.label.trackingNumber ? (
            <p>
              Tracking <span className="font-mono font-bold">{r.label.trackingNumber}</span>
              {r.label.trackingUrl ? (
                <>
                  {' '}
                  <a href={r.label.trackingUrl} target="_blank" rel="noopener noreferrer" className="font-bold underline">
                    Track it<span className="sr-only"> (opens a new tab)</span>
                  </a>
                </>
              ) : null}
            </p>
          ) : null}
        </div>
      ) : null}
      {r.status === 'approved' && r.arrivedAt ? (
        <p className="mt-2 text-sm font-semibold text-ok">It reached us: your refund follows shortly.</p>
      ) : null}
    </li>
  );
}

/** The order's returns, and the way to ask for one while its window is open. */
export function ReturnsSection({ order, token }: { order: OrderStatusView; token: string }) {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const note = useRef<HTMLParagraphElement>(null);
  const until = order.returnable.until ? new Date(order.returnable.until) : null;
  return (
    <section aria-labelledby="returns-title" className="mt-6 rounded-2xl border border-line bg-white p-5">
      <h2 id="returns-title" className="text-sm font-bold uppercase tracking-wider text-muted">
        Returns
      </h2>
      <p className="mt-1 text-sm text-muted">
        Unopened bottles can be sent back within 30 days of delivery, with free return postage.
      </p>
      {order.returns.length > 0 ? (
        <ul className="mt-4 grid gap-3">
          {order.returns.map((r) => (
            <ReturnCard key={r.id} r={r} />
          ))}
        </ul>
      ) : null}
      {sent ? (
        <p ref={note} tabIndex={-1} role="status" className="mt-4 font-semibold text-ok">
          Return {sent} requested. We will e-mail you within one business day.
        </p>
      ) : null}
      {order.returnable.open ? (
        open ? (
          <Suspense fallback={<p className="mt-4 text-sm text-muted">Loading the form...</p>}>
            <ReturnForm
              order={order}
              token={token}
              onDone={(rma) => {
                setOpen(false);
                setSent(rma);
                requestAnimationFrame(() => note.current?.focus());
              }}
            />
          </Suspense>
        ) : (
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Button variant="outline" onClick={() => setOpen(true)}>
              Return Items
            </Button>
            {until ? <span className="text-sm text-muted">Open until {DATE.format(until)}</span> : null}
          </div>
        )
      ) : order.returnable.reason ? (
        <p className="mt-4 text-sm">{order.returnable.reason}</p>
      ) : null}
    </section>
  );
}
