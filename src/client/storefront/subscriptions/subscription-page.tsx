import { useQueryClient } from '../../lib/query.tsx';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from '../../app/router.tsx';
import { formatUsd, parseCents } from '#shared/money.ts';
import { SUBSCRIPTION_LINK_INVALID, type SubscriptionPageView } from '#shared/subscription-page.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { Button } from '../../ui/button.tsx';
import { PageMessage } from '../pages/not-found-page.tsx';
import { actOn, changeSubscription, type SubscriptionAction, subscriptionQuery, useSubscription } from './api/subscription.ts';
import { CardSection } from './card-change.tsx';
import { HIGHLIGHT, NextDelivery } from './next-delivery.tsx';

const DAY = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const SHORT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const usd = (decimal: string) => formatUsd(parseCents(decimal));
export const everyText = (weeks: number) => (weeks === 1 ? 'Every week' : `Every ${weeks} weeks`);
/** The notice e-mails' links ask for one control: it is focused and outlined, never acted on. */
const ASKED = ['skip', 'cancel', 'change', 'change-date', 'confirm'] as const;

/**
 * /subscriptions/:token, the link in every subscription e-mail (docs/decisions/0054): the next
 * delivery and its amount, the items, the interval, Skip / Pause / Resume, Cancel in one click
 * (California Bus. & Prof. Code §17602(d)), the card. Opening it changes nothing; `?action=`
 * from a notice only points at its control.
 */
export function SubscriptionPage() {
  const token = useParams().token ?? '';
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [search] = useSearchParams();
  const asked = ASKED.find((a) => a === search.get('action')) ?? null;
  const { data: sub, isPending } = useSubscription(token);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [weeks, setWeeks] = useState<number | null>(null);
  const skipRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const changeRef = useRef<HTMLSelectElement>(null);
  const dateRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);

  const ready = Boolean(sub);
  // Focused once, when the page first shows the subscription.
  useEffect(() => {
    if (!ready) return;
    const refs = { skip: skipRef, cancel: cancelRef, change: changeRef, 'change-date': dateRef, confirm: confirmRef };
    (asked ? refs[asked].current : null)?.focus();
  }, [ready, asked]);

  if (isPending) {
    return (
      <div className="grid min-h-[60vh] place-items-center" role="status" aria-label="Loading">
        <span className="size-10 animate-spin rounded-full border-4 border-line border-t-amber" />
      </div>
    );
  }
  if (!sub) {
    return (
      <PageMessage
        title="Link Not Valid"
        text={SUBSCRIPTION_LINK_INVALID}
        action="Return to Store"
        onAction={() => navigate('/')}
      />
    );
  }

  const show = (v: SubscriptionPageView) => qc.setQueryData(subscriptionQuery(token).queryKey, v);
  async function run(key: string, done: string, call: () => Promise<SubscriptionPageView>) {
    setBusy(key);
    setError(null);
    setSaid(null);
    try {
      show(await call());
      setSaid(done);
    } catch (err) {
      setError(errorMessage(err, 'That did not work just now. Please try again.', '4xx'));
    } finally {
      setBusy(null);
    }
  }
  const act = (a: SubscriptionAction, done: string) => run(a, done, () => actOn(token, a));
  const chosen = weeks ?? sub.intervalWeeks;
  const live = sub.status !== 'cancelled';
  const next = DAY.format(new Date(sub.nextRenewalAt));

  return (
    <div className="mx-auto max-w-2xl px-4 pb-20 pt-10">
      <h1 className="font-display text-4xl uppercase">Your Subscription</h1>
      <p className="mt-2 text-muted">E-mails go to {sub.email}.</p>

      <div role="status" className="mt-6 rounded-2xl border border-line bg-white p-5">
        {sub.status === 'active' ? (
          <p className="text-lg">
            Next delivery: <strong>{next}</strong>, <strong>{usd(sub.nextAmount)}</strong> before tax.
          </p>
        ) : sub.status === 'paused' ? (
          <p className="text-lg">
            <strong>Paused.</strong> Nothing is sent or charged until you resume.
          </p>
        ) : (
          <p className="text-lg">
            <strong>Your subscription is cancelled.</strong> It will not renew and your card will not be charged again. We
            e-mailed you a confirmation.
          </p>
        )}
        {said ? <p className="mt-2 font-semibold text-ok">{said}</p> : null}
        {sub.failedAttempts > 0 && live ? (
          <p className="mt-2 text-sm font-semibold text-danger">
            Your last payment did not go through{sub.lastFailure ? `: ${sub.lastFailure}` : '.'} Replace your card below to keep
            your deliveries coming.
          </p>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="mt-4 text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}

      <section aria-labelledby="items-title" className="mt-6 rounded-2xl border border-line bg-white p-5">
        <h2 id="items-title" className="text-sm font-bold uppercase tracking-wider text-muted">
          Each delivery
        </h2>
        <ul className="mt-3 grid gap-2">
          {sub.items.map((i) => (
            <li key={i.productId} className="flex justify-between gap-4">
              <span>
                {i.quantity} × {i.name}
                {i.available ? null : <span className="text-muted"> (no longer sold: left out)</span>}
              </span>
              {i.available ? <span className="whitespace-nowrap">{usd(i.unitPrice)} each</span> : null}
            </li>
          ))}
        </ul>
        <dl className="mt-4 grid grid-cols-[1fr_auto] gap-1 border-t border-line pt-3 text-sm">
          <dt>Items ({sub.discountPercent}% subscriber discount)</dt>
          <dd className="text-right">{usd(sub.nextSubtotal)}</dd>
          <dt>Shipping</dt>
          <dd className="text-right">{parseCents(sub.nextShipping) === 0 ? 'Free' : usd(sub.nextShipping)}</dd>
          <dt className="font-bold">Total before tax</dt>
          <dd className="text-right font-bold">{usd(sub.nextAmount)}</dd>
        </dl>
        <p className="mt-2 text-xs text-muted">At today’s prices; sales tax is added for your address when it renews.</p>
      </section>

      {live ? (
        <section aria-labelledby="manage-title" className="mt-6 rounded-2xl border border-line bg-white p-5">
          <h2 id="manage-title" className="text-sm font-bold uppercase tracking-wider text-muted">
            Manage
          </h2>
          <NextDelivery
            key={sub.nextRenewalAt}
            token={token}
            sub={sub}
            busy={busy !== null}
            asked={asked}
            dateRef={dateRef}
            confirmRef={confirmRef}
            run={run}
          />
          <div className="mt-3 flex flex-wrap items-end gap-3">
            <div>
              <label htmlFor="interval" className="text-sm font-bold">
                How often
              </label>
              <select
                id="interval"
                ref={changeRef}
                value={chosen}
                disabled={busy !== null}
                onChange={(e) => setWeeks(Number(e.target.value))}
                className={cn(
                  'mt-1 block min-h-11 rounded-md border border-line bg-white px-3 text-base',
                  asked === 'change' && HIGHLIGHT,
                )}
              >
                {sub.intervalsOffered.map((w) => (
                  <option key={w} value={w}>
                    {everyText(w)}
                  </option>
                ))}
              </select>
            </div>
            <Button
              variant="outline"
              disabled={busy !== null || chosen === sub.intervalWeeks}
              onClick={() =>
                void run('change', `Now ${everyText(chosen).toLowerCase()}.`, () =>
                  changeSubscription(token, { intervalWeeks: chosen }),
                )
              }
            >
              Save interval
            </Button>
          </div>
          <label className="mt-4 flex items-center gap-3 text-sm">
            <input
              type="checkbox"
              className="size-5"
              checked={sub.askFirst}
              disabled={busy !== null}
              onChange={(e) => {
                const on = e.target.checked;
                void run('ask', on ? 'We will ask you before each renewal.' : 'Renewals go ahead without asking.', () =>
                  changeSubscription(token, { askFirst: on }),
                );
              }}
            />
            Ask me before each renewal is charged
          </label>
          <div className="mt-5 flex flex-wrap gap-3">
            {sub.status === 'active' ? (
              <>
                <Button
                  ref={skipRef}
                  variant="outline"
                  disabled={busy !== null}
                  className={cn(asked === 'skip' && HIGHLIGHT)}
                  onClick={() => void act('skip', `Skipped the delivery of ${SHORT.format(new Date(sub.nextRenewalAt))}.`)}
                >
                  Skip next delivery
                </Button>
                <Button variant="outline" disabled={busy !== null} onClick={() => void act('pause', 'Paused.')}>
                  Pause
                </Button>
              </>
            ) : (
              <Button disabled={busy !== null} onClick={() => void act('resume', 'Resumed.')}>
                Resume
              </Button>
            )}
            <Button
              ref={cancelRef}
              variant="danger"
              disabled={busy !== null}
              className={cn(asked === 'cancel' && HIGHLIGHT)}
              onClick={() => void act('cancel', 'Cancelled. A confirmation is on its way to your inbox.')}
            >
              {busy === 'cancel' ? 'Cancelling...' : 'Cancel subscription'}
            </Button>
          </div>
        </section>
      ) : null}

      <CardSection token={token} sub={sub} onChanged={show} />

      <section aria-labelledby="history-title" className="mt-6 rounded-2xl border border-line bg-white p-5">
        <h2 id="history-title" className="text-sm font-bold uppercase tracking-wider text-muted">
          History
        </h2>
        <ol className="mt-3 grid gap-2 text-sm">
          {sub.history.map((h) => (
            <li key={`${h.at}-${h.kind}-${h.text}`}>
              <span className="text-muted">{SHORT.format(new Date(h.at))}:</span> {h.text}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
