import { Dialog } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import type { AdminOrder } from '#shared/admin.ts';
import { formatUsd, parseCents } from '#shared/money.ts';
import { Button } from '../../ui/button.tsx';
import { useCancelOrderMutation } from './api/cancel-order.ts';
import { ReasonField } from './reason-field.tsx';
import { orderLabel } from './format.ts';

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
    <Dialog.Root open onOpenChange={(open) => !open && !cancel.isPending && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-5 shadow-2xl outline-none">
          <Dialog.Title className="text-lg font-bold">Cancel order {orderLabel(order)}?</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-zinc-700">{consequence(order)}</Dialog.Description>
          <form noValidate onSubmit={submit} className="mt-4 grid gap-4">
            <ReasonField value={reason} onChange={setReason} />
            <div className="flex flex-wrap justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="outline" disabled={cancel.isPending}>
                  Keep Order
                </Button>
              </Dialog.Close>
              <Button type="submit" className="bg-red-700 hover:bg-red-800" disabled={cancel.isPending}>
                {cancel.isPending ? 'Cancelling...' : 'Cancel Order'}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
