import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from '../../app/router.tsx';
import { RESTORE_PAID, RESTORED_SHIPPING_KEY, type RestoredShipping, type RestoreResult } from '#shared/recovery.ts';
import { currentAnalyticsSession } from '../../analytics/session.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { getSessionId } from '../../lib/session-id.ts';
import { Button, buttonVariants } from '../../ui/button.tsx';
import { useRefetchCart } from '../cart/api/get-cart.ts';
import { startCheckout } from './api/start-checkout.ts';
import { PageMessage } from '../pages/not-found-page.tsx';
import { restoreCheckout } from './api/restore-checkout.ts';

/**
 * The reorder reminder's page (docs/decisions/0051) rides in this page's chunk: both fill the cart
 * from a signed link, and a chunk of its own would be one more name in every page's first load.
 */
export { ReorderPage } from '../reorders/reorder-page.tsx';

type State =
  | { kind: 'loading' }
  | { kind: 'restored'; result: RestoreResult }
  | { kind: 'settled'; message: string }
  | { kind: 'invalid'; message: string }
  | { kind: 'failed' };

/** Kept for the checkout's step 1, which takes them once (checkout/restored-shipping.ts). */
function keepRestoredShipping(shipping: RestoredShipping): void {
  try {
    sessionStorage.setItem(RESTORED_SHIPPING_KEY, JSON.stringify(shipping));
  } catch {
    // storage off: the shopper types them again
  }
}

const loading = (
  <div className="grid min-h-[60vh] place-items-center gap-4" role="status" aria-label="Bringing your cart back">
    <span className="size-10 animate-spin rounded-full border-4 border-line border-t-amber" />
  </div>
);

/** A failed restore: a checkout paid since (409), a link that opens nothing, or a failure to try again. */
const failureOf = (err: unknown): State =>
  err instanceof ApiError && err.status === 409
    ? { kind: 'settled', message: errorMessage(err, RESTORE_PAID, 409) }
    : err instanceof ApiError && (err.status === 404 || err.status === 400)
      ? { kind: 'invalid', message: errorMessage(err, 'This link is not valid or has expired.', '4xx') }
      : { kind: 'failed' };

function Restored({ result }: { result: RestoreResult }) {
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const units = result.restored.reduce((n, l) => n + l.quantity, 0);
  const { shipping } = result;

  async function continueToCheckout() {
    setStarting(true);
    setError(null);
    try {
      const { checkoutUrl } = await startCheckout(getSessionId(), currentAnalyticsSession());
      // A full page load, as from the cart drawer: no third-party tag follows to /checkout.
      window.location.assign(checkoutUrl);
    } catch (err) {
      setError(errorMessage(err, 'Unable to proceed to checkout. Please try again.', '4xx'));
      setStarting(false);
    }
  }

  return (
    <div className="mx-auto max-w-xl px-4 pb-20 pt-10">
      <p className="text-sm font-bold uppercase tracking-[0.2em] text-amber-deep">Welcome back</p>
      <h1 className="mt-2 font-display text-4xl uppercase">{units > 0 ? 'Your Cart Is Back' : 'Nothing to Bring Back'}</h1>
      {units > 0 ? (
        <section aria-labelledby="restored-title" className="mt-6 rounded-2xl border border-line bg-white p-5">
          <h2 id="restored-title" className="text-sm font-bold uppercase tracking-wider text-muted">
            In your cart
          </h2>
          <ul className="mt-3 grid gap-2">
            {result.restored.map((l) => (
              <li key={l.productId} className="flex justify-between gap-4 font-semibold">
                <span>{l.name}</span>
                <span className="tabular-nums">× {l.quantity}</span>
              </li>
            ))}
          </ul>
          <p className="mt-4 border-t border-line pt-3 text-sm text-muted">
            At today’s prices. Your shipping details
            {shipping.city ? ` (${shipping.firstName} ${shipping.lastName}, ${shipping.city}, ${shipping.state})` : ''} are filled
            in for you at checkout.
          </p>
        </section>
      ) : null}
      {result.missing.length > 0 ? (
        <p role="note" className="mt-4 rounded-xl border border-amber bg-amber/10 p-4 text-sm font-semibold">
          Not available right now: {result.missing.join(', ')}.
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-4 text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
      <div className="mt-6 grid gap-3 sm:flex sm:items-center">
        {units > 0 ? (
          <Button size="lg" variant="accent" disabled={starting} onClick={() => void continueToCheckout()}>
            {starting ? 'Starting Checkout...' : 'Continue to Checkout'}
          </Button>
        ) : null}
        <Link to="/" className={buttonVariants({ variant: units > 0 ? 'ghost' : 'primary', size: 'lg' })}>
          Keep Shopping
        </Link>
      </div>
    </div>
  );
}

/**
 * /recover/:token, the reminder e-mail's "Complete your order" (docs/decisions/0041): on load it puts
 * the checkout's lines back in this browser's cart and keeps its shipping details for the
 * checkout's form, then says what came back. Rendered by the server as a shell, never indexed; the
 * token in the address is a key, kept out of tags, analytics and logs like an order page's.
 */
export function RecoverPage() {
  const token = useParams().token ?? '';
  const navigate = useNavigate();
  // The header's cart shows what came back; held in a ref, as the function is new on every render.
  const refetch = useRefetchCart();
  const refetchCart = useRef(refetch);
  refetchCart.current = refetch;
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    const sessionId = getSessionId();
    restoreCheckout(token, sessionId).then(
      (result) => {
        keepRestoredShipping(result.shipping);
        void refetchCart.current(sessionId);
        if (live) setState({ kind: 'restored', result });
      },
      (err: unknown) => {
        if (live) setState(failureOf(err));
      },
    );
    return () => {
      live = false;
    };
  }, [token]);

  if (state.kind === 'loading') return loading;
  if (state.kind === 'restored') return <Restored result={state.result} />;
  if (state.kind === 'settled') {
    // Paid: the restore link opens no order; the confirmation e-mail and Track Your Order do.
    const paid = state.message === RESTORE_PAID;
    return (
      <PageMessage
        title={paid ? 'Already Paid' : 'Nothing to Bring Back'}
        text={state.message}
        action={paid ? 'Track Your Order' : 'Return to Store'}
        onAction={() => navigate(paid ? '/order-status' : '/')}
      />
    );
  }
  if (state.kind === 'invalid') {
    return <PageMessage title="Link Not Valid" text={state.message} action="Return to Store" onAction={() => navigate('/')} />;
  }
  return (
    <PageMessage
      title="Something Went Wrong"
      text="We could not bring your cart back just now. Please try again in a moment."
      action="Try Again"
      onAction={() => window.location.reload()}
    />
  );
}
