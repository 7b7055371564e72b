import { type FormEvent, useState } from 'react';
import { useNavigate } from '../../app/router.tsx';
import { REQUIRED } from '#shared/messages.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { lookUpOrder } from './api/look-up-order.ts';
import { OrderLinksForm } from './order-links-form.tsx';
import { serverErrors } from './field-errors.ts';

/**
 * /order-status: find an order by its number and the e-mail address it was placed with, then open
 * its page (docs/product.md §2 "Order status"). The link in the order's e-mails opens it directly.
 * An empty field is said at once; the rest of what is wrong is the server's word (its shared
 * schema), said beside each field.
 */
export function LookupPage() {
  const navigate = useNavigate();
  const [orderNumber, setOrderNumber] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ orderNumber?: string; email?: string }>({});
  const [sending, setSending] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = { orderNumber: orderNumber.trim(), email: email.trim() };
    const blank = { ...(body.orderNumber ? {} : { orderNumber: REQUIRED }), ...(body.email ? {} : { email: REQUIRED }) };
    setErrors(blank);
    setError(null);
    if (blank.orderNumber || blank.email) {
      document.getElementById(blank.orderNumber ? 'lookup-order' : 'lookup-email')?.focus();
      return;
    }
    setSending(true);
    try {
      const { token } = await lookUpOrder(body);
      navigate(`/orders/${token}`);
    } catch (err) {
      const server = serverErrors(err);
      if (server.orderNumber || server.email) setErrors(server);
      else setError(errorMessage(err, 'We could not look up your order right now. Please try again.', '4xx'));
      setSending(false);
    }
  }

  return (
    <div className="mx-auto max-w-xl px-4 pb-20 pt-10">
      <h1 className="font-display text-4xl uppercase">Track Your Order</h1>
      <p className="mt-2 text-muted">
        Enter the order number from your confirmation e-mail and the e-mail address you ordered with. Your order e-mails have a
        link that opens your order directly.
      </p>
      <form onSubmit={submit} noValidate className="mt-6 grid gap-4 rounded-2xl border border-line bg-white p-5">
        <Field
          id="lookup-order"
          name="orderNumber"
          label="Order number"
          placeholder="1042"
          inputMode="numeric"
          autoComplete="off"
          value={orderNumber}
          error={errors.orderNumber}
          onChange={(e) => setOrderNumber(e.target.value)}
        />
        <Field
          id="lookup-email"
          name="email"
          type="email"
          label="Email"
          autoComplete="email"
          value={email}
          error={errors.email}
          onChange={(e) => setEmail(e.target.value)}
        />
        {error ? (
          <p role="alert" className="text-sm font-semibold text-danger">
            {error}
          </p>
        ) : null}
        <Button type="submit" size="lg" disabled={sending}>
          {sending ? 'Looking...' : 'Find My Order'}
        </Button>
      </form>
      <OrderLinksForm />
    </div>
  );
}
