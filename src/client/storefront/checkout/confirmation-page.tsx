import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from '../../app/router.tsx';
import { PAYMENT_ID } from '#shared/payment-ids.ts';
import { secretParamOf, withSecretParams } from '#shared/secret-params.ts';
import { usePublicConfig } from '../../lib/public-config.tsx';
import { buttonVariants } from '../../ui/button.tsx';
import { PageMessage } from '../pages/not-found-page.tsx';
import { useConfirmation } from './api/get-confirmation.ts';
import { loadOrderSummary, removeOrderSummary, SAVED_SUMMARY_MS, type SavedOrder } from './order-storage.ts';
import { OrderSummary } from './order-summary.tsx';

const DAY = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric' });

const loading = (
  <div className="grid min-h-[60vh] place-items-center" role="status" aria-label="Loading your order">
    <span className="size-10 animate-spin rounded-full border-4 border-line border-t-amber" />
  </div>
);

/**
 * /order-confirmation?payment_intent=…: the saved summary, or the server's (docs/engineering.md §9). The server's
 * page has moved the payment id from the address into the history entry, so a reload still finds the
 * order and no marketing tag reads it (ADR 0018).
 */
export function ConfirmationPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const inAddress = params.get('payment_intent'); // on the server, or after a link inside the app
  const paymentIntentId = inAddress ?? secretParamOf(location.state, 'payment_intent') ?? '';
  const valid = PAYMENT_ID.test(paymentIntentId);
  const navigate = useNavigate();
  useEffect(() => {
    if (inAddress === null) return;
    navigate('/order-confirmation', { replace: true, state: withSecretParams(location.state, { payment_intent: inAddress }) });
  }, [inAddress, location.state, navigate]);
  const { supportEmail } = usePublicConfig();
  // Read after hydration: the server has neither the browser's storage nor the history entry that
  // holds the payment id after a reload, so it and the first render in the browser show the spinner.
  const [saved, setSaved] = useState<SavedOrder | null | undefined>(undefined);
  useEffect(() => {
    setSaved(valid ? loadOrderSummary(paymentIntentId) : null);
    // docs/product.md §4: the saved summary is removed 5 minutes after this page loads.
    const timer = setTimeout(() => removeOrderSummary(paymentIntentId), SAVED_SUMMARY_MS);
    return () => clearTimeout(timer);
  }, [paymentIntentId, valid]);
  // The server's answer also names the order's page (its tracking and returns), so it is asked for
  // whenever the payment id is valid, even when the saved summary is shown.
  const server = useConfirmation(paymentIntentId, valid && saved !== undefined);

  const order = saved?.order ?? server.data;
  const shownOrderId = order?.orderId;
  // The purchase, for first-party analytics (the beacon counts a session as converted only if
  // this order is really paid).
  useEffect(() => {
    if (!shownOrderId) return;
    window.__iwPurchase = shownOrderId;
    dispatchEvent(new CustomEvent('iw:purchase', { detail: shownOrderId }));
  }, [shownOrderId]);

  if (saved === undefined) return loading;
  if (!valid || (!saved && server.isError)) {
    return (
      <PageMessage
        title="Order not found"
        text="We could not find this order. If you paid, your confirmation e-mail has the details."
        action="Continue Shopping"
        onAction={() => navigate('/')}
      />
    );
  }
  if (!order) return loading;
  const delivery = DAY.format(new Date(Date.now() + 5 * 86_400_000));
  return (
    <div className="mx-auto max-w-3xl px-4 pb-20 pt-10">
      <div className="text-center">
        <p className="mx-auto grid size-14 place-items-center rounded-full bg-ok text-2xl text-white" aria-hidden="true">
          ✓
        </p>
        <h1 className="mt-4 font-display text-4xl uppercase">Order Confirmed!</h1>
        <p className="mt-3 text-lg text-muted">
          {saved?.email ? (
            <>
              A confirmation e-mail is on its way to <strong className="text-ink">{saved.email}</strong>.
            </>
          ) : (
            'A confirmation e-mail is on its way to you.'
          )}
        </p>
        <p className="mt-2 font-bold">Order ID: #{order.orderId}</p>
      </div>
      <div className="mt-8">
        <OrderSummary order={order} />
      </div>
      <section className="mt-6 grid gap-4 rounded-2xl border border-line bg-white p-5 sm:grid-cols-2">
        <div>
          <h2 className="text-sm font-bold uppercase tracking-wider text-muted">Estimated delivery</h2>
          <p className="mt-1 text-lg font-bold">{delivery}</p>
          <p className="text-sm text-muted">Standard Shipping (3-5 business days)</p>
        </div>
        <div>
          <h2 className="text-sm font-bold uppercase tracking-wider text-muted">What's next</h2>
          <ul className="mt-1 grid gap-1 text-sm">
            <li>We process your order in 1-2 business days.</li>
            <li>You receive the tracking number by e-mail when it ships; your order's page follows it too.</li>
            <li>
              Before first use, read the{' '}
              <Link to="/safety" className="font-bold underline">
                safety guide
              </Link>
              .
            </li>
          </ul>
        </div>
      </section>
      <p className="mt-6 text-center text-sm text-muted">
        Questions about your order?{' '}
        <a
          className="font-bold text-ink underline"
          href={`mailto:${supportEmail}?subject=${encodeURIComponent(`Order #${order.orderId}`)}`}
        >
          {supportEmail}
        </a>
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {server.data?.orderPage ? (
          <Link to={server.data.orderPage} className={buttonVariants({ variant: 'primary', size: 'lg' })}>
            View Your Order
          </Link>
        ) : null}
        <Link to="/" className={buttonVariants({ variant: 'accent', size: 'lg' })}>
          Continue Shopping
        </Link>
        <Link to="/education" className={buttonVariants({ variant: 'outline', size: 'lg' })}>
          Learn About Usage
        </Link>
      </div>
    </div>
  );
}
