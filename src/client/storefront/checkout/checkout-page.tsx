import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { ShippingFields } from '#shared/checkout.ts';
import { paymentIdOfSecret } from '#shared/payment-ids.ts';
import { ApiError } from '../../lib/api-client.ts';
import { usePublicConfig } from '../../lib/public-config.tsx';
import { Button } from '../../ui/button.tsx';
import { toast } from '../../ui/toast.tsx';
import { PageMessage } from '../pages/not-found-page.tsx';
import { checkoutOrderQuery, completeOrder, confirmTestPayment, saveShipping } from './api/checkout-api.ts';
import { saveOrderSummary } from './order-storage.ts';
import { OrderSummary } from './order-summary.tsx';
import { EMPTY_SHIPPING, ShippingForm } from './shipping-form.tsx';
import type { CardValues } from './test-card-form.tsx';

// Step 2's payment form loads while the shopper fills in step 1, outside the page's first load.
const loadCardForm = () => import('./test-card-form.tsx');
const TestCardForm = lazy(() => loadCardForm().then((m) => ({ default: m.TestCardForm })));

const REDIRECT_MS = 2000;

/** /checkout?payment_intent=<client secret>: step 1 shipping, step 2 payment (SPEC §2, DESIGN §4). */
export function CheckoutPage() {
  const [params] = useSearchParams();
  const secret = params.get('payment_intent') ?? '';
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
  const { supportEmail } = usePublicConfig();
  const { data: order, isPending, isError } = useQuery(checkoutOrderQuery(paymentIntentId));
  const [step, setStep] = useState<1 | 2>(1);
  const [shipping, setShipping] = useState<ShippingFields | null>(null);
  const [paying, setPaying] = useState(false);
  useEffect(() => {
    void loadCardForm();
  }, []);

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

  const onSave = async (fields: ShippingFields) => {
    const updated = await saveShipping(paymentIntentId, fields);
    qc.setQueryData(checkoutOrderQuery(paymentIntentId).queryKey, updated);
    setShipping(fields);
    setStep(2);
    window.scrollTo({ top: 0 });
  };

  const onPay = async (card: CardValues) => {
    setPaying(true);
    try {
      const result = await confirmTestPayment(secret, card.cardNumber);
      if (result.status !== 'succeeded') {
        toast({
          title: 'Payment Failed',
          description: result.message ?? 'Your card was declined.',
          variant: 'destructive',
        });
        setPaying(false);
        return;
      }
      saveOrderSummary(paymentIntentId, order, shipping?.email ?? null);
      try {
        await completeOrder(paymentIntentId);
        // The paid order emptied the cart on the server.
        void qc.invalidateQueries({ queryKey: ['cart'] });
        toast({ title: 'Payment Successful', description: 'Your order is confirmed. Taking you to your confirmation…' });
      } catch (err) {
        console.error('Order completion failed after payment', err);
        toast({
          title: 'Payment Successful',
          description: `Your payment went through. If no confirmation e-mail arrives within the hour, write to ${supportEmail}.`,
        });
      }
      setTimeout(() => navigate(`/order-confirmation?payment_intent=${paymentIntentId}`), REDIRECT_MS);
    } catch (err) {
      console.error('Payment failed', err);
      const description =
        err instanceof ApiError && err.status < 500 && err.serverMessage
          ? err.serverMessage
          : 'Unable to process payment. Please try again.';
      toast({ title: 'Payment Error', description, variant: 'destructive' });
      setPaying(false);
    }
  };

  return (
    <div className="mx-auto max-w-5xl px-4 pb-20 pt-8">
      <p className="text-sm font-bold uppercase tracking-[0.2em] text-amber-deep">Secure checkout · Step {step} of 2</p>
      <h1 className="mt-2 font-display text-3xl uppercase sm:text-4xl">
        {step === 1 ? 'Shipping Information' : 'Complete Your Order'}
      </h1>
      <div className="mt-8 grid gap-8 lg:grid-cols-[3fr_2fr]">
        <div>
          {step === 1 ? (
            <ShippingForm initial={shipping ? { ...shipping } : EMPTY_SHIPPING} onSave={onSave} />
          ) : (
            <div className="grid gap-6">
              {shipping ? (
                <section aria-label="Shipping to" className="rounded-2xl border border-line bg-white p-5">
                  <div className="flex items-start justify-between gap-4">
                    <h2 className="text-sm font-bold uppercase tracking-wider text-muted">Shipping to</h2>
                    <Button variant="ghost" size="sm" onClick={() => setStep(1)} disabled={paying}>
                      Edit
                    </Button>
                  </div>
                  <p className="mt-2">
                    {shipping.firstName} {shipping.lastName}
                    <br />
                    {shipping.address}
                    <br />
                    {shipping.city}, {shipping.state} {shipping.zip}
                    <br />
                    United States
                  </p>
                  <p className="mt-2 text-sm text-muted">{shipping.email}</p>
                </section>
              ) : null}
              <section aria-label="Payment">
                <h2 className="mb-3 text-sm font-bold uppercase tracking-wider text-muted">Payment</h2>
                <Suspense fallback={<div className="h-80 animate-pulse rounded-2xl bg-sand" aria-busy="true" />}>
                  <TestCardForm busy={paying} onBack={() => setStep(1)} onPay={(card) => void onPay(card)} />
                </Suspense>
              </section>
            </div>
          )}
        </div>
        {/* On a phone the total comes first. */}
        <div className="order-first lg:order-none">
          <OrderSummary order={order} />
        </div>
      </div>
    </div>
  );
}
