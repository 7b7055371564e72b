import { useQueryClient } from '../../lib/query.tsx';
import { useEffect, useState } from 'react';
import type { CheckoutOrder } from '#shared/checkout.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { checkoutOrderQuery } from './api/get-checkout-order.ts';
import { renewHold } from './api/renew-hold.ts';

/** How often an open checkout page renews its hold (the server holds for STOCK_HOLD_MINUTES). */
export const RENEW_MS = 60_000;

const clock = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

/**
 * Keeps the checkout's items held while this page is open and visible (docs/decisions/0019), and
 * says plainly whether they are: held until a time, not held (the shopper's network holds too
 * many already: stock is confirmed at payment), or gone. Loaded after the page, outside its budget.
 */
export default function HoldNotice({ order }: { order: CheckoutOrder }) {
  const qc = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const id = order.paymentIntentId;

  useEffect(() => {
    let stopped = false;
    const renew = async () => {
      if (stopped || document.visibilityState !== 'visible') return;
      try {
        const updated = await renewHold(id);
        if (stopped) return;
        setProblem(null);
        qc.setQueryData(checkoutOrderQuery(id).queryKey, updated);
      } catch (err) {
        // A 409 is final (closed, or the items are gone); anything else is tried again next time.
        if (!stopped && err instanceof ApiError && err.status === 409)
          setProblem(errorMessage(err, 'This checkout has expired.'));
      }
    };
    void renew();
    const timer = setInterval(() => void renew(), RENEW_MS);
    const onVisible = () => void renew();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [id, qc]);

  if (problem) {
    return (
      <p role="alert" className="rounded-xl border border-danger/40 bg-danger/5 p-4 text-sm font-bold text-danger">
        {problem} Your cart is kept: open it to check out again.
      </p>
    );
  }
  if (order.hold.held && order.hold.until) {
    return (
      <p role="status" className="rounded-xl border border-line bg-white p-4 text-sm text-ink-soft">
        Your items are reserved for you until <strong className="text-ink">{clock(order.hold.until)}</strong> while this page is
        open.
      </p>
    );
  }
  return (
    <p role="status" className="rounded-xl border border-line bg-white p-4 text-sm text-ink-soft">
      Your items are not reserved: checkouts from your network already hold the most we reserve at once. Stock is confirmed when
      you pay.
    </p>
  );
}
