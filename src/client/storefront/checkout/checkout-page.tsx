import { useQueryClient } from '../../lib/query.tsx';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from '../../app/router.tsx';
import type { ShippingChoices, ShippingFields } from '#shared/checkout.ts';
import { paymentIdOfSecret } from '#shared/payment-ids.ts';
import { PageMessage } from '../pages/not-found-page.tsx';
import { checkoutOrderQuery, useCheckoutOrder } from './api/get-checkout-order.ts';
import { saveShipping } from './api/save-shipping.ts';
import { OrderSummary } from './order-summary.tsx';

// Step 1's form loads while the checkout's order is fetched (the page shows its spinner until that
// answers), outside the page's first load.
const loadShippingForm = () => import('./shipping-form.tsx');
const ShippingForm = lazy(() => loadShippingForm().then((m) => ({ default: m.ShippingForm })));
// Step 2 loads while the shopper fills in step 1, outside the page's first load.
const loadPaymentStep = () => import('./payment-step.tsx');
const PaymentStep = lazy(() => loadPaymentStep().then((m) => ({ default: m.PaymentStep })));
const loadStripeForm = () => import('./stripe-payment-form.tsx');
// Keeps the items held while the page is open, and says so; after the page, outside its first load.
const HoldNotice = lazy(() => import('./hold-notice.tsx'));
// The discount code field, outside the page's first load as well.
const DiscountField = lazy(() => import('./discount-field.tsx'));

/** /checkout?payment_intent=<client secret>: step 1 shipping, step 2 payment (docs/product.md §2, docs/engineering.md §4). */
export function CheckoutPage() {
  const [params] = useSearchParams();
  // Stripe's return trip (after a bank redirect) names the secret payment_intent_client_secret.
  const secret = params.get('payment_intent_client_secret') ?? params.get('payment_intent') ?? '';
  const paymentIntentId = paymentIdOfSecret(secret);
  const navigate = useNavigate();
  if (!paymentIntentId) {
    return (
      <PageMessage
        title="Checkout Error"
        text="No payment information found"
        action="Return to Store"
        onAction={() => navigate('/')}
      />
    );
  }
  return <Checkout secret={secret} paymentIntentId={paymentIntentId} />;
}

function Checkout({ secret, paymentIntentId }: { secret: string; paymentIntentId: string }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { data: order, isPending, isError } = useCheckoutOrder(paymentIntentId);
  const [step, setStep] = useState<1 | 2>(1);
  const [shipping, setShipping] = useState<ShippingFields | null>(null);
  const provider = order?.provider;
  useEffect(() => {
    void loadShippingForm();
  }, []);
  useEffect(() => {
    if (!provider) return;
    void loadPaymentStep();
    if (provider === 'stripe') void loadStripeForm();
  }, [provider]);

  if (isPending) {
    return (
      <div className="grid min-h-[60vh] place-items-center" role="status" aria-label="Loading checkout">
        <span className="size-10 animate-spin rounded-full border-4 border-line border-t-amber" />
      </div>
    );
  }
  if (isError || !order) {
    return (
      <PageMessage
        title="Checkout Error"
        text="This checkout could not be found. It may have expired: start again from your cart."
        action="Return to Store"
        onAction={() => navigate('/')}
      />
    );
  }
  if (order.status !== 'pending') {
    return (
      <PageMessage
        title="Already Paid"
        text={`Order #${order.orderId} is paid. Thank you!`}
        action="View Confirmation"
        onAction={() => navigate(`/order-confirmation?payment_intent=${paymentIntentId}`)}
      />
    );
  }

  const onSave = async (fields: ShippingFields, chosen: ShippingChoices) => {
    const updated = await saveShipping(paymentIntentId, fields, chosen);
    qc.setQueryData(checkoutOrderQuery(paymentIntentId).queryKey, updated);
    setShipping(fields);
    setStep(2);
    window.scrollTo({ top: 0 });
  };

  return (
    <div className="mx-auto max-w-5xl px-4 pb-20 pt-8">
      <p className="text-sm font-bold uppercase tracking-[0.2em] text-amber-deep">Secure checkout · Step {step} of 2</p>
      <h1 className="mt-2 font-display text-3xl uppercase sm:text-4xl">
        {step === 1 ? 'Shipping Information' : 'Complete Your Order'}
      </h1>
      <div className="mt-6">
        <Suspense fallback={null}>
          <HoldNotice order={order} />
        </Suspense>
      </div>
      <div className="mt-6 grid gap-8 lg:grid-cols-[3fr_2fr]">
        <div>
          {step === 1 ? (
            <Suspense fallback={<div className="h-96 animate-pulse rounded-2xl bg-sand" aria-busy="true" />}>
              <ShippingForm initial={shipping ? { ...shipping } : undefined} onSave={onSave} subscription={order.subscription} />
            </Suspense>
          ) : (
            <Suspense fallback={<div className="h-96 animate-pulse rounded-2xl bg-sand" aria-busy="true" />}>
              <PaymentStep secret={secret} order={order} shipping={shipping} onBack={() => setStep(1)} />
            </Suspense>
          )}
        </div>
        {/* On a phone the total comes first. */}
        <div className="order-first lg:order-none">
          <OrderSummary order={order}>
            <Suspense fallback={null}>
              <DiscountField order={order} />
            </Suspense>
          </OrderSummary>
        </div>
      </div>
    </div>
  );
}
