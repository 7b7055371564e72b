import { type FormEvent, useState } from 'react';
import { REQUIRED } from '#shared/messages.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { emailOrderLinks } from './api/email-order-links.ts';
import { serverErrors } from './field-errors.ts';

/**
 * "E-mail me my order links" on /order-status: the way to an order that always works, since the
 * links go to the address the orders were placed with (docs/decisions/0038). The store answers the
 * same for every address, and so does this form.
 */
export function OrderLinksForm() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSent(null);
    setError(null);
    const address = email.trim();
    setFieldError(address ? undefined : REQUIRED);
    if (!address) {
      document.getElementById('links-email')?.focus();
      return;
    }
    setSending(true);
    try {
      setSent((await emailOrderLinks(address)).message);
    } catch (err) {
      const server = serverErrors(err).email;
      if (server) setFieldError(server);
      else setError(errorMessage(err, 'We could not send the links right now. Please try again.', '4xx'));
    } finally {
      setSending(false);
    }
  }

  return (
    <section aria-labelledby="links-title" className="mt-6 rounded-2xl border border-line bg-white p-5">
      <h2 id="links-title" className="text-lg font-bold">
        E-mail me my order links
      </h2>
      <p className="mt-1 text-sm text-muted">
        No order number at hand? We will e-mail the links to your orders to the address you ordered with.
      </p>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4">
        <Field
          id="links-email"
          name="email"
          type="email"
          label="Email for the links"
          autoComplete="email"
          value={email}
          error={fieldError}
          onChange={(e) => setEmail(e.target.value)}
        />
        {sent ? (
          <p role="status" className="text-sm font-semibold">
            {sent}
          </p>
        ) : null}
        {error ? (
          <p role="alert" className="text-sm font-semibold text-danger">
            {error}
          </p>
        ) : null}
        <Button type="submit" variant="outline" disabled={sending}>
          {sending ? 'Sending...' : 'E-mail Me My Order Links'}
        </Button>
      </form>
    </section>
  );
}
