import { type FormEvent, useEffect, useRef, useState } from 'react';
import { REQUIRED } from '#shared/messages.ts';
import { REACTION_LIMITS } from '#shared/reaction-texts.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Field, inputClass } from '../../ui/field.tsx';
import { type FieldErrors, serverErrors } from '../orders/field-errors.ts';
import { reportReaction } from './api/report-reaction.ts';

const today = () => new Date().toLocaleDateString('en-CA');
const FIELDS = ['whatHappened', 'product', 'when', 'email'] as const;

/**
 * The reaction report form (docs/decisions/0050). The server checks every field with the shared
 * schema; here only what is missing is said before sending, and the server's messages are shown
 * under their fields.
 */
export function ReactionForm() {
  const [v, setV] = useState({ whatHappened: '', product: '', when: '', email: '', mayContact: false });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const first = useRef<HTMLTextAreaElement>(null);
  useEffect(() => first.current?.focus(), []);

  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV({ ...v, [k]: e.target.value });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const missing: FieldErrors = {};
    if (!v.whatHappened.trim()) missing.whatHappened = REQUIRED;
    if (!v.product.trim()) missing.product = REQUIRED;
    if (!v.when) missing.when = REQUIRED;
    if (v.mayContact && !v.email.trim()) missing.email = 'Enter an e-mail address so we can contact you';
    setErrors(missing);
    const firstMissing = FIELDS.find((f) => missing[f]);
    if (firstMissing) {
      document.getElementById(`reaction-${firstMissing}`)?.focus();
      return;
    }
    setSending(true);
    try {
      const email = v.email.trim();
      setSent((await reportReaction({ ...v, email: v.mayContact ? email : '' })).message);
    } catch (err) {
      const server = serverErrors(err);
      setErrors(server);
      const firstBad = FIELDS.find((f) => server[f]);
      if (firstBad) document.getElementById(`reaction-${firstBad}`)?.focus();
      else setError(errorMessage(err, 'We could not send your report right now. Please try again, or e-mail us.', '4xx'));
    } finally {
      setSending(false);
    }
  }

  if (sent) {
    return (
      <p role="status" className="mt-4 rounded-xl bg-sand p-4 font-semibold">
        {sent}
      </p>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="mt-4 grid gap-4" aria-label="Report a reaction to us">
      <div>
        <label htmlFor="reaction-whatHappened" className="text-sm font-bold">
          What happened<span aria-hidden="true"> *</span>
        </label>
        <textarea
          id="reaction-whatHappened"
          ref={first}
          name="whatHappened"
          required
          rows={5}
          maxLength={REACTION_LIMITS.whatHappened}
          value={v.whatHappened}
          onChange={set('whatHappened')}
          aria-invalid={errors.whatHappened ? true : undefined}
          aria-describedby={errors.whatHappened ? 'reaction-whatHappened-error' : 'reaction-whatHappened-hint'}
          className={inputClass}
        />
        {errors.whatHappened ? (
          <p id="reaction-whatHappened-error" className="mt-1 text-sm font-semibold text-danger">
            {errors.whatHappened}
          </p>
        ) : (
          <p id="reaction-whatHappened-hint" className="mt-1 text-sm text-muted">
            Your symptoms, how you used the product, and how long it lasted.
          </p>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="reaction-product"
          name="product"
          label="Which product"
          placeholder="e.g. Single Bottle"
          maxLength={REACTION_LIMITS.product}
          value={v.product}
          error={errors.product}
          onChange={set('product')}
        />
        <Field
          id="reaction-when"
          name="when"
          type="date"
          label="When it happened"
          max={today()}
          value={v.when}
          error={errors.when}
          onChange={set('when')}
        />
      </div>
      <div className="flex items-start gap-3">
        <input
          id="reaction-mayContact"
          name="mayContact"
          type="checkbox"
          className="mt-1 size-5 accent-ink"
          checked={v.mayContact}
          onChange={(e) => setV({ ...v, mayContact: e.target.checked })}
        />
        <label htmlFor="reaction-mayContact">You may contact me about this report by e-mail.</label>
      </div>
      {v.mayContact ? (
        <Field
          id="reaction-email"
          name="email"
          type="email"
          label="Your e-mail"
          autoComplete="email"
          maxLength={REACTION_LIMITS.email}
          value={v.email}
          error={errors.email}
          onChange={set('email')}
        />
      ) : null}
      {error ? (
        <p role="alert" className="text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={sending} className="justify-self-start">
        {sending ? 'Sending...' : 'Send report'}
      </Button>
    </form>
  );
}
