import { type FormEvent, useState } from 'react';
import type { AdminOrder } from '#shared/admin.ts';
import { formatUsd, parseCents } from '#shared/money.ts';
import { AdminDialog, DialogActions } from '../lib/admin-dialog.tsx';
import { useCancelOrderMutation } from './api/cancel-order.ts';
import { orderLabel } from './format.ts';
import { ReasonField } from './reason-field.tsx';

/** What cancelling does to this order, in the owner's words. */
function consequence(order: AdminOrder): string {
  if (order.status === 'pending')
    return 'The checkout is closed: its payment can no longer go through and its held stock goes back on the shelf.';
  const left = parseCents(order.total) - parseCents(order.refundedTotal);
  return `${formatUsd(left)} is refunded to the customer’s card, every item not refunded yet goes back in stock, and the customer gets an e-mail.`;
}

/** "Cancel Order" on the order card (issue "Run the business", item 2): a confirmation with a reason. */
export function CancelDialog({ order, onClose }: { order: AdminOrder; onClose(): void }) {
  const cancel = useCancelOrderMutation(order.id);
  const [reason, setReason] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    cancel.mutate(reason.trim(), { onSuccess: onClose });
  };

  return (
    <AdminDialog
      title={<>Cancel order {orderLabel(order)}?</>}
      description={consequence(order)}
      busy={cancel.isPending}
      onClose={onClose}
    >
      <form noValidate onSubmit={submit} className="grid gap-4 overflow-y-auto px-5 py-4">
        <ReasonField value={reason} onChange={setReason} />
        <DialogActions
          cancelLabel="Keep Order"
          submitLabel="Cancel Order"
          busyLabel="Cancelling..."
          busy={cancel.isPending}
          danger
        />
      </form>
    </AdminDialog>
  );
}
