import { useId, useState } from 'react';
import { ORDER_NOTE_MAX } from '#shared/admin.ts';
import type { OrderEvent, OrderEventType } from '#shared/order-events.ts';
import { Button } from '../../ui/button.tsx';
import { useAddOrderNoteMutation } from './api/add-order-note.ts';
import { useOrderTimeline } from './api/get-order-timeline.ts';

const KIND: Record<OrderEventType, string> = {
  checkout_started: 'Checkout',
  shipping_saved: 'Shipping',
  payment_failed: 'Payment declined',
  paid: 'Paid',
  payment_problem: 'Payment problem',
  checkout_closed: 'Closed',
  email_sent: 'E-mail',
  label_created: 'Label',
  label_voided: 'Label voided',
  label_printed: 'Printed',
  status_changed: 'Status',
  discount_applied: 'Discount',
  discount_removed: 'Discount removed',
  tax_calculated: 'Sales tax',
  tracking: 'Tracking',
  return_requested: 'Return requested',
  return_approved: 'Return approved',
  return_refused: 'Return refused',
  return_received: 'Return received',
  refunded: 'Refund',
  refund_failed: 'Refund failed',
  disputed: 'Dispute',
  dispute_override: 'Labels allowed despite dispute',
  cancelled: 'Cancelled',
  note: 'Note',
};

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function Entry({ event }: { event: OrderEvent }) {
  const warn =
    event.type === 'payment_failed' ||
    event.type === 'payment_problem' ||
    event.type === 'refund_failed' ||
    event.type === 'disputed';
  return (
    <li className={event.type === 'note' ? 'rounded-lg bg-amber-50 p-2' : 'py-1'}>
      <p className="text-xs text-zinc-600">
        <time dateTime={event.at}>{WHEN.format(new Date(event.at))}</time> · {event.actor}
      </p>
      <p className="text-sm">
        <span className={warn ? 'font-bold text-red-700' : 'font-bold'}>{KIND[event.type]}:</span>{' '}
        <span className="whitespace-pre-line">{event.message}</span>
      </p>
    </li>
  );
}

/** An order's history and the owner's notes, loaded when the owner opens it. */
export function OrderHistory({ orderId }: { orderId: number }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const timeline = useOrderTimeline(orderId, open);
  const addNote = useAddOrderNoteMutation(orderId);
  const panel = useId();
  const noteField = useId();

  return (
    <div className="mt-3 border-t border-zinc-100 pt-3">
      <Button variant="outline" size="sm" aria-expanded={open} aria-controls={panel} onClick={() => setOpen(!open)}>
        {open ? 'Hide History' : 'History & Notes'}
      </Button>
      {open ? (
        <section id={panel} aria-label={`History of order #${orderId}`} className="mt-3 grid gap-3">
          {timeline.isPending ? <p className="text-sm text-zinc-600">Loading history...</p> : null}
          {timeline.isError ? <p className="text-sm text-red-700">Failed to load the history</p> : null}
          {timeline.isSuccess ? (
            timeline.data.length ? (
              <ol className="grid gap-1 border-l-2 border-zinc-200 pl-3">
                {timeline.data.map((e) => (
                  <Entry key={e.id} event={e} />
                ))}
              </ol>
            ) : (
              <p className="text-sm text-zinc-600">Nothing recorded yet.</p>
            )
          ) : null}
          <form
            className="grid gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (!text.trim()) return;
              addNote.mutate(text, { onSuccess: () => setText('') });
            }}
          >
            <label htmlFor={noteField} className="text-sm font-bold">
              Add a note (only you see it)
            </label>
            <textarea
              id={noteField}
              value={text}
              maxLength={ORDER_NOTE_MAX}
              rows={2}
              onChange={(e) => setText(e.target.value)}
              className="w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm"
            />
            <Button size="sm" type="submit" className="justify-self-start" disabled={addNote.isPending || !text.trim()}>
              {addNote.isPending ? 'Saving...' : 'Add Note'}
            </Button>
          </form>
        </section>
      ) : null}
    </div>
  );
}
