import { useQueryClient } from '../../lib/query.tsx';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { PURCHASE_REQUIRED, REVIEW_LIMITS } from '#shared/review-types.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Field, inputClass } from '../../ui/field.tsx';
import { toast } from '../../ui/toast.tsx';
import { reviewStatsQuery } from './api/get-review-stats.ts';
import { reviewsQuery } from './api/get-reviews.ts';
import { submitReview } from './api/submit-review.ts';
import { verifyCode } from './api/verify-code.ts';
import { verifyPurchase } from './api/verify-purchase.ts';
import { CodeStep } from './code-step.tsx';
import { forgetReviewLink } from './review-link.ts';

/** email → (code sent) code → verified or denied (docs/decisions/0021). */
type Step = 'email' | 'sending' | 'code' | 'checking' | 'verified' | 'denied';
const EMPTY = { rating: 0, customerName: '', customerEmail: '', title: '', content: '' };

/** The server's reason for a 4xx (a wrong code, a limit; a refused field says which), else the store's words. */
const failure = (err: unknown) =>
  (err instanceof ApiError && Object.values(err.fieldErrors ?? {})[0]?.[0]) ||
  errorMessage(err, 'Unable to verify purchase. Please try again.', '4xx');

/**
 * The review form (docs/product.md §2, §4, §5): the buyer proves the e-mail is theirs with a code the store
 * e-mails (or opens the form from the shipped e-mail's review link, already verified); the rest of
 * the form opens once the purchase is verified. The server checks the token and the purchase again.
 * The browser checks that every field is filled and stops each at the shared limit (REVIEW_LIMITS);
 * the rest of CreateReviewBodySchema is applied by the server, whose reason the toast shows. Zod
 * itself stays off the product page.
 */
export function ReviewForm({
  productId,
  productName,
  link,
  onLinkSpent,
  onDone,
}: {
  productId: number;
  productName: string;
  link: { email: string; token: string } | null;
  onLinkSpent(): void;
  onDone(): void;
}) {
  const qc = useQueryClient();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [verifyEmail, setVerifyEmail] = useState(link?.email ?? '');
  const [step, setStep] = useState<Step>(link ? 'verified' : 'email');
  const [sentTo, setSentTo] = useState('');
  const [token, setToken] = useState(link?.token ?? '');
  const [values, setValues] = useState({ ...EMPTY, customerEmail: link?.email ?? '' });
  const [sending, setSending] = useState(false);
  const verified = step === 'verified';

  // Opened from a review link: the form is what the shopper came for.
  useEffect(() => {
    if (link) formRef.current?.scrollIntoView({ block: 'start' });
  }, [link]);

  const dropVerification = () => {
    setStep('email');
    setToken('');
    setValues((v) => ({ ...v, customerEmail: '' }));
    if (link) {
      forgetReviewLink();
      onLinkSpent();
    }
  };

  const sendCode = async () => {
    const email = verifyEmail.trim();
    if (!email) {
      toast({
        title: 'Email Required',
        description: 'Please enter your email address to verify your purchase.',
        variant: 'destructive',
      });
      return;
    }
    setStep('sending');
    try {
      await verifyPurchase(email, productId);
      setSentTo(email);
      setStep('code');
      toast({ title: 'Code Sent', description: `We e-mailed a 6-digit code to ${email}.` });
    } catch (err) {
      console.error('Verify purchase failed', err);
      setStep('email');
      toast({ title: 'Verification Failed', description: failure(err), variant: 'destructive' });
    }
  };

  /** Resolves to the reason a code was refused (shown by the code field), or null. */
  const checkCode = async (code: string): Promise<string | null> => {
    setStep('checking');
    try {
      const verdict = await verifyCode(sentTo, productId, code);
      if (verdict.canReview) {
        setToken(verdict.verificationToken);
        setStep('verified');
        setValues((v) => ({ ...v, customerEmail: sentTo }));
        toast({ title: 'Purchase Verified', description: 'Thank you! You can now write your review.' });
      } else {
        setStep('denied');
        toast({ title: 'Purchase Required', description: PURCHASE_REQUIRED, variant: 'destructive' });
      }
      return null;
    } catch (err) {
      console.error('Verify code failed', err);
      setStep('code');
      // A wrong or expired code is said beside the field; anything else (a limit, the network) in a toast.
      if (err instanceof ApiError && err.status === 400) return failure(err);
      toast({ title: 'Verification Failed', description: failure(err), variant: 'destructive' });
      return null;
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
      await submitReview({ productId, rating, customerName, customerEmail, title, content, verificationToken: token });
      toast({ title: 'Review Submitted!', description: 'Thank you for your review. It will be visible once approved.' });
      setValues(EMPTY);
      setVerifyEmail('');
      dropVerification();
      void qc.invalidateQueries({ queryKey: reviewsQuery(productId).queryKey });
      void qc.invalidateQueries({ queryKey: reviewStatsQuery(productId).queryKey });
      onDone();
    } catch (err) {
      toast({
        title: 'Error',
        description: errorMessage(err, 'Failed to submit review. Please try again.'),
        variant: 'destructive',
      });
      // An expired verification: verify again (the review typed so far stays).
      if (err instanceof ApiError && err.status === 403) dropVerification();
    } finally {
      setSending(false);
    }
  };

  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) => setValues({ ...values, [key]: e.target.value });
  const onEmailKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault(); // Enter asks for the code, it does not submit the review
    if (step === 'email' || step === 'denied') void sendCode();
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(e) => void submit(e)}
      className="scroll-mt-24 rounded-xl border border-line bg-white p-5"
      aria-label={`Review ${productName}`}
    >
      <h3 className="text-lg font-bold">Write a review</h3>
      <p className="mt-1 text-sm text-muted">
        Reviews come from verified buyers. Enter the e-mail you ordered with and we will send you a code to confirm it is yours.
      </p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field
          id={`${id}-verify`}
          className="flex-1"
          type="email"
          label="Order e-mail"
          autoComplete="email"
          value={verifyEmail}
          onKeyDown={onEmailKey}
          onChange={(e) => {
            setVerifyEmail(e.target.value);
            if (step !== 'email' && step !== 'sending') dropVerification();
          }}
        />
        <Button variant="outline" onClick={() => void sendCode()} disabled={step !== 'email' && step !== 'denied'}>
          {step === 'sending'
            ? 'Sending Code...'
            : verified
              ? 'Verified'
              : step === 'code' || step === 'checking'
                ? 'Code Sent'
                : 'Verify Purchase'}
        </Button>
      </div>
      {step === 'denied' ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-danger">
          No purchase found with this email. Only customers who have purchased this product can leave reviews.
        </p>
      ) : null}
      {step === 'code' || step === 'checking' ? (
        <CodeStep
          id={`${id}-code`}
          sentTo={sentTo}
          checking={step === 'checking'}
          onCheck={checkCode}
          onResend={() => void sendCode()}
        />
      ) : null}
      {verified ? (
        <p role="status" className="mt-3 text-sm font-semibold text-ok">
          Purchase verified for {values.customerEmail || verifyEmail}. You can now write your review.
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
            maxLength={REVIEW_LIMITS.name}
            value={values.customerName}
            onChange={set('customerName')}
          />
          <Field
            id={`${id}-email`}
            type="email"
            label="Email"
            autoComplete="email"
            readOnly
            aria-describedby={`${id}-email-note`}
            className="[&_input]:bg-paper"
            value={values.customerEmail}
          />
          <p id={`${id}-email-note`} className="sr-only">
            The verified e-mail; change it above.
          </p>
        </div>
        <Field id={`${id}-title`} label="Title" maxLength={REVIEW_LIMITS.title} value={values.title} onChange={set('title')} />
        <div>
          <label htmlFor={`${id}-content`} className="text-sm font-bold">
            Review<span aria-hidden="true"> *</span>
          </label>
          <textarea
            id={`${id}-content`}
            rows={4}
            maxLength={REVIEW_LIMITS.content}
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
