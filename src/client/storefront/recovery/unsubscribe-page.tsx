import { useQueryClient } from '../../lib/query.tsx';
import { useState } from 'react';
import { Link, useNavigate, useParams } from '../../app/router.tsx';
import { UNSUBSCRIBE_LINK_INVALID } from '#shared/recovery.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { Button, buttonVariants } from '../../ui/button.tsx';
import { PageMessage } from '../pages/not-found-page.tsx';
import { unsubscribe, unsubscribeQuery, useUnsubscribeView } from './api/unsubscribe.ts';

/**
 * /unsubscribe/:token, the reminder e-mail's unsubscribe link (docs/decisions/0041): the address and
 * an Unsubscribe button. Opening the page changes nothing (mail scanners follow links); the button
 * posts, as a mail provider's one-click does. Rendered by the server, never indexed.
 */
export function UnsubscribePage() {
  const token = useParams().token ?? '';
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { data: view, isPending } = useUnsubscribeView(token);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (isPending) {
    return (
      <div className="grid min-h-[60vh] place-items-center" role="status" aria-label="Loading">
        <span className="size-10 animate-spin rounded-full border-4 border-line border-t-amber" />
      </div>
    );
  }
  if (!view) {
    return (
      <PageMessage
        title="Link Not Valid"
        text={UNSUBSCRIBE_LINK_INVALID}
        action="Return to Store"
        onAction={() => navigate('/')}
      />
    );
  }

  async function confirm() {
    setSending(true);
    setError(null);
    try {
      qc.setQueryData(unsubscribeQuery(token).queryKey, await unsubscribe(token));
    } catch (err) {
      setError(errorMessage(err, 'We could not unsubscribe you just now. Please try again.', '4xx'));
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="mx-auto max-w-xl px-4 pb-20 pt-10">
      <h1 className="font-display text-4xl uppercase">{view.unsubscribed ? 'You’re Unsubscribed' : 'Unsubscribe'}</h1>
      <div className="mt-6 grid gap-4 rounded-2xl border border-line bg-white p-5">
        {view.unsubscribed ? (
          <p role="status">
            We will send no more reminders to <strong className="break-all">{view.email}</strong>.
          </p>
        ) : (
          <p>
            Stop reminders to <strong className="break-all">{view.email}</strong>? We send one when a checkout is left at the
            payment step, and one when an order you asked us about may be running low.
          </p>
        )}
        <p className="text-sm text-muted">E-mails about the orders you place (confirmation, shipping, returns) still come.</p>
        {error ? (
          <p role="alert" className="text-sm font-semibold text-danger">
            {error}
          </p>
        ) : null}
        {view.unsubscribed ? (
          <Link to="/" className={buttonVariants({ size: 'lg' })}>
            Continue Shopping
          </Link>
        ) : (
          <Button size="lg" disabled={sending} onClick={() => void confirm()}>
            {sending ? 'Unsubscribing...' : 'Unsubscribe'}
          </Button>
        )}
      </div>
    </div>
  );
}
