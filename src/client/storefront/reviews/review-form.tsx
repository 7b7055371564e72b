import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { PURCHASE_REQUIRED } from '#shared/review-types.ts';
import { ApiError } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Field, inputClass } from '../../ui/field.tsx';
import { toast } from '../../ui/toast.tsx';
import { submitReview, verifyPurchase } from './api/reviews-api.ts';

type Verification = 'none' | 'checking' | 'verified' | 'denied';
const EMPTY = { rating: 0, customerName: '', customerEmail: '', title: '', content: '' };

/**
 * The review form (SPEC §2, §4, §5): the buyer's e-mail is checked first; the rest of the form
 * opens once the purchase is verified. The server checks the purchase again on submit.
 */
export function ReviewForm({ productId, productName, onDone }: { productId: number; productName: string; onDone(): void }) {
  const qc = useQueryClient();
  const id = useId();
  const [verifyEmail, setVerifyEmail] = useState('');
  const [verification, setVerification] = useState<Verification>('none');
  const [values, setValues] = useState(EMPTY);
  const [sending, setSending] = useState(false);
  const verified = verification === 'verified';

  const verify = async () => {
    const email = verifyEmail.trim();
    if (!email) {
      toast({
        title: 'Email Required',
        description: 'Please enter your email address to verify your purchase.',
        variant: 'destructive',
      });
      return;
    }
    setVerification('checking');
    try {
      const { canReview } = await verifyPurchase(email, productId);
      if (canReview) {
        setVerification('verified');
        setValues((v) => ({ ...v, customerEmail: email }));
        toast({ title: 'Purchase Verified', description: 'Thank you! You can now write your review.' });
      } else {
        setVerification('denied');
        toast({ title: 'Purchase Required', description: PURCHASE_REQUIRED, variant: 'destructive' });
      }
    } catch (err) {
      console.error('Verify purchase failed', err);
      setVerification('none');
      toast({
        title: 'Verification Failed',
        description: 'Unable to verify purchase. Please try again.',
        variant: 'destructive',
      });
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { rating, customerName, customerEmail, title, content } = values;
    if (!rating || !customerName.trim() || !customerEmail.trim() || !title.trim() || !content.trim()) {
      toast({
        title: 'Missing Information',
        description: 'Please fill in all fields and select a rating.',
        variant: 'destructive',
      });
      return;
    }
    if (!verified) {
      toast({
        title: 'Verification Required',
        description: 'Please verify your purchase before submitting a review.',
        variant: 'destructive',
      });
      return;
    }
    setSending(true);
    try {
      await submitReview({ productId, rating, customerName, customerEmail, title, content });
      toast({ title: 'Review Submitted!', description: 'Thank you for your review. It will be visible once approved.' });
      setValues(EMPTY);
      setVerifyEmail('');
      setVerification('none');
      void qc.invalidateQueries({ queryKey: ['reviews', productId] });
      void qc.invalidateQueries({ queryKey: ['review-stats', productId] });
      onDone();
    } catch (err) {
      const message =
        err instanceof ApiError && err.serverMessage ? err.serverMessage : 'Failed to submit review. Please try again.';
      toast({ title: 'Error', description: message, variant: 'destructive' });
    } finally {
      setSending(false);
    }
  };

  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) => setValues({ ...values, [key]: e.target.value });

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      className="rounded-xl border border-line bg-white p-5"
      aria-label={`Review ${productName}`}
    >
      <h3 className="text-lg font-bold">Write a review</h3>
      <p className="mt-1 text-sm text-muted">Reviews come from verified buyers. Start with the e-mail you ordered with.</p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field
          id={`${id}-verify`}
          className="flex-1"
          type="email"
          label="Order e-mail"
          autoComplete="email"
          value={verifyEmail}
          onChange={(e) => {
            setVerifyEmail(e.target.value);
            if (verification !== 'none') setVerification('none');
          }}
        />
        <Button variant="outline" onClick={() => void verify()} disabled={verification === 'checking' || verified}>
          {verification === 'checking' ? 'Verifying...' : verified ? 'Verified' : 'Verify Purchase'}
        </Button>
      </div>
      {verification === 'denied' ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-danger">
          No purchase found with this email. Only customers who have purchased this product can leave reviews.
        </p>
      ) : null}

      <fieldset disabled={!verified || sending} className="mt-5 grid gap-4 disabled:opacity-60">
        <legend className="sr-only">Your review</legend>
        <div>
          <p id={`${id}-rating`} className="text-sm font-bold">
            Rating<span aria-hidden="true"> *</span>
          </p>
          <div role="radiogroup" aria-labelledby={`${id}-rating`} className="mt-1 flex gap-1">
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n} className="cursor-pointer">
                <input
                  type="radio"
                  name={`${id}-rating`}
                  value={n}
                  checked={values.rating === n}
                  onChange={() => setValues({ ...values, rating: n })}
                  className="peer sr-only"
                />
                <span
                  aria-hidden="true"
                  className={`inline-flex size-11 items-center justify-center rounded-md text-3xl peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-amber-deep ${
                    values.rating >= n ? 'text-amber-deep' : 'text-line'
                  }`}
                >
                  ★
                </span>
                <span className="sr-only">
                  {n} star{n === 1 ? '' : 's'}
                </span>
              </label>
            ))}
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id={`${id}-name`}
            label="Name"
            autoComplete="name"
            maxLength={80}
            value={values.customerName}
            onChange={set('customerName')}
          />
          <Field
            id={`${id}-email`}
            type="email"
            label="Email"
            autoComplete="email"
            value={values.customerEmail}
            onChange={set('customerEmail')}
          />
        </div>
        <Field id={`${id}-title`} label="Title" maxLength={120} value={values.title} onChange={set('title')} />
        <div>
          <label htmlFor={`${id}-content`} className="text-sm font-bold">
            Review<span aria-hidden="true"> *</span>
          </label>
          <textarea
            id={`${id}-content`}
            rows={4}
            maxLength={2000}
            value={values.content}
            onChange={set('content')}
            className={inputClass}
          />
        </div>
        <Button type="submit" variant="accent" disabled={!verified || sending}>
          {sending ? 'Submitting...' : 'Submit Review'}
        </Button>
      </fieldset>
    </form>
  );
}
