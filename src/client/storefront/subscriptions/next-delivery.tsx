import { type RefObject, useState } from 'react';
import { NEXT_DELIVERY_MAX_DAYS, type SubscriptionPageView } from '#shared/subscription-page.ts';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { changeSubscription, confirmRenewal, getSubscription } from './api/subscription.ts';

const DAY_MS = 86_400_000;
const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);
export const HIGHLIGHT = 'ring-4 ring-amber ring-offset-2';

/**
 * The next delivery's date, which the notice's "Change date" points at, and with "ask me first"
 * its Confirm (docs/decisions/0053, 0054): each one click, answered on the page.
 */
export function NextDelivery(props: {
  token: string;
  sub: SubscriptionPageView;
  busy: boolean;
  asked: string | null;
  dateRef: RefObject<HTMLInputElement | null>;
  confirmRef: RefObject<HTMLButtonElement | null>;
  run: (key: string, done: string, call: () => Promise<SubscriptionPageView>) => Promise<void>;
}) {
  const { token, sub, busy, asked, run } = props;
  const current = sub.nextRenewalAt.slice(0, 10);
  const [date, setDate] = useState(current);
  const today = Date.now();
  return (
    <div className="mt-4 grid gap-4">
      {sub.awaitingConfirmation ? (
        <div className="rounded-xl border border-amber bg-amber/10 p-4">
          <p className="text-sm">This order waits for you: it is charged and shipped only once you confirm it.</p>
          <Button
            ref={props.confirmRef}
            className={cn('mt-3', asked === 'confirm' && HIGHLIGHT)}
            disabled={busy}
            onClick={() =>
              void run('confirm', 'Confirmed: it ships on its date.', async () => {
                await confirmRenewal(token, sub.nextRenewalAt);
                const after = await getSubscription(token);
                if (!after) throw new Error('This subscription link does not work.');
                return after;
              })
            }
          >
            Confirm this order
          </Button>
        </div>
      ) : null}
      {sub.status === 'active' ? (
        <div className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="next-date" className="text-sm font-bold">
              Next delivery date
            </label>
            <input
              id="next-date"
              ref={props.dateRef}
              type="date"
              value={date}
              min={isoDay(today + DAY_MS)}
              max={isoDay(today + NEXT_DELIVERY_MAX_DAYS * DAY_MS)}
              disabled={busy}
              onChange={(e) => setDate(e.target.value)}
              className={cn(
                'mt-1 block min-h-11 rounded-md border border-line bg-white px-3 text-base',
                asked === 'change-date' && HIGHLIGHT,
              )}
            />
          </div>
          <Button
            variant="outline"
            disabled={busy || !date || date === current}
            onClick={() => void run('date', 'The date is changed.', () => changeSubscription(token, { nextDeliveryOn: date }))}
          >
            Change date
          </Button>
        </div>
      ) : null}
    </div>
  );
}
