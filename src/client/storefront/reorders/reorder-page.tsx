import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from '../../app/router.tsx';
import { formatUsd, parseCents } from '#shared/money.ts';
import { RESTORED_SHIPPING_KEY } from '#shared/recovery.ts';
import type { ReorderResult } from '#shared/reorders.ts';
import { currentAnalyticsSession } from '../../analytics/session.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { getSessionId } from '../../lib/session-id.ts';
import { Button, buttonVariants } from '../../ui/button.tsx';
import { useRefetchCart } from '../cart/api/get-cart.ts';
import { useCartUi } from '../cart/cart-ui.tsx';
import { PageMessage } from '../pages/not-found-page.tsx';
import { startCheckout } from '../recovery/api/start-checkout.ts';
import { reorderFromLink } from './api/reorder.ts';

type State =
  | { kind: 'loading' }
  | { kind: 'filled'; result: ReorderResult }
  | { kind: 'invalid'; message: string }
  | { kind: 'failed' };

/** Kept for the checkout's step 1, which takes them once (checkout/restored-shipping.ts). */
function keepShipping(shipping: ReorderResult['shipping']): void {
  try {
    sessionStorage.setItem(RESTORED_SHIPPING_KEY, JSON.stringify(shipping));
  } catch {
    // storage off: the shopper types them again
  }
}

function Filled({ result }: { result: ReorderResult }) {
  const { setOpen } = useCartUi();
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const units = result.restored.reduce((n, l) => n + l.quantity, 0);
  const total = result.restored.reduce((n, l) => n + parseCents(l.unitPrice) * l.quantity, 0);

  async function continueToCheckout() {
    setStarting(true);
    setError(null);
    try {
      const { checkoutUrl } = await startCheckout(getSessionId(), currentAnalyticsSession());
      window.location.assign(checkoutUrl);
    } catch (err) {
      setError(errorMessage(err, 'Unable to proceed to checkout. Please try again.', '4xx'));
      setStarting(false);
    }
  }

  return (
    <div className="mx-auto max-w-xl px-4 pb-20 pt-10">
      <p className="text-sm font-bold uppercase tracking-[0.2em] text-amber-deep">Welcome back</p>
      <h1 className="mt-2 font-display text-4xl uppercase">
        {units > 0 ? 'Your Reorder Is in Your Cart' : 'Nothing to Reorder'}
      </h1>
      {units > 0 ? (
        <section aria-labelledby="reorder-title" className="mt-6 rounded-2xl border border-line bg-white p-5">
          <h2 id="reorder-title" className="text-sm font-bold uppercase tracking-wider text-muted">
            In your cart, at today’s prices
          </h2>
          <ul className="mt-3 grid gap-2">
            {result.restored.map((l) => (
              <li key={l.productId} className="flex justify-between gap-4 font-semibold">
                <span>
                  {l.quantity} × {l.name}
                </span>
                <span className="tabular-nums">{formatUsd(parseCents(l.unitPrice) * l.quantity)}</span>
              </li>
            ))}
          </ul>
          <p className="mt-3 flex justify-between border-t border-line pt-3 font-bold">
            <span>Subtotal</span>
            <span className="tabular-nums">{formatUsd(total)}</span>
          </p>
          <p className="mt-2 text-sm text-muted">
            Shipping and tax are added at checkout, where your shipping details are filled in for you.
          </p>
        </section>
      ) : null}
      {result.missing.length > 0 ? (
        <p role="note" className="mt-4 rounded-xl border border-amber bg-amber/10 p-4 text-sm font-semibold">
          No longer available, so not added: {result.missing.join(', ')}.
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-4 text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
      <div className="mt-6 grid gap-3 sm:flex sm:items-center">
        {units > 0 ? (
          <>
            <Button size="lg" variant="accent" disabled={starting} onClick={() => void continueToCheckout()}>
              {starting ? 'Starting Checkout...' : 'Continue to Checkout'}
            </Button>
            <Button size="lg" variant="ghost" onClick={() => setOpen(true)}>
              View Cart
            </Button>
          </>
        ) : (
          <Link to="/" className={buttonVariants({ size: 'lg' })}>
            Keep Shopping
          </Link>
        )}
      </div>
    </div>
  );
}

/**
 * /reorder/:token, the reorder reminder's "Reorder" button (docs/decisions/0051): on load it puts
 * the order's items in this browser's cart at today's prices and keeps its shipping details for the
 * checkout's form, then opens the cart (unless something could not be added: the page says what).
 * Never indexed; the token in the address is a key, kept out of tags, analytics and logs.
 */
export function ReorderPage() {
  const token = useParams().token ?? '';
  const navigate = useNavigate();
  const { setOpen } = useCartUi();
  const refetch = useRefetchCart();
  const after = useRef({ refetch, setOpen });
  after.current = { refetch, setOpen };
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    const sessionId = getSessionId();
    reorderFromLink(token, sessionId).then(
      async (result) => {
        keepShipping(result.shipping);
        await after.current.refetch(sessionId);
        if (!live) return;
        setState({ kind: 'filled', result });
        if (result.missing.length === 0 && result.restored.length > 0) after.current.setOpen(true);
      },
      (err: unknown) => {
        if (!live) return;
        setState(
          err instanceof ApiError && (err.status === 404 || err.status === 400)
            ? { kind: 'invalid', message: errorMessage(err, 'This reorder link is not valid or has expired.', '4xx') }
            : { kind: 'failed' },
        );
      },
    );
    return () => {
      live = false;
    };
  }, [token]);

  if (state.kind === 'loading') {
    return (
      <div className="grid min-h-[60vh] place-items-center gap-4" role="status" aria-label="Filling your cart">
        <span className="size-10 animate-spin rounded-full border-4 border-line border-t-amber" />
      </div>
    );
  }
  if (state.kind === 'filled') return <Filled result={state.result} />;
  if (state.kind === 'invalid') {
    return <PageMessage title="Link Not Valid" text={state.message} action="Return to Store" onAction={() => navigate('/')} />;
  }
  return (
    <PageMessage
      title="Something Went Wrong"
      text="We could not fill your cart just now. Please try again in a moment."
      action="Try Again"
      onAction={() => window.location.reload()}
    />
  );
}
