import { Dialog } from 'radix-ui';
import type { AdminDiscount } from '#shared/discounts.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { AdminDialog } from '../lib/admin-dialog.tsx';
import { useDeleteDiscountMutation } from './api/delete-discount.ts';

/** A code's "Delete": a confirmation; "Keep Code" (or Escape) leaves it as it is. */
export function DeleteDiscountDialog({ discount, onClose }: { discount: AdminDiscount; onClose(): void }) {
  const remove = useDeleteDiscountMutation(discount);
  return (
    <AdminDialog
      title={`Delete code ${discount.code}?`}
      description={
        discount.redeemed > 0
          ? `Shoppers can no longer use it. The ${discount.redeemed === 1 ? 'order' : `${discount.redeemed} orders`} paid with it keep their discount.`
          : 'Shoppers can no longer use it. This cannot be undone.'
      }
      busy={remove.isPending}
      onClose={onClose}
    >
      <div className="grid gap-4 px-5 py-4">
        {remove.isError ? (
          <p role="alert" className="text-sm font-semibold text-danger">
            {errorMessage(remove.error, 'The code could not be deleted. Try again.', '4xx')}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Dialog.Close asChild>
            <Button variant="outline" disabled={remove.isPending}>
              Keep Code
            </Button>
          </Dialog.Close>
          <Button
            className="bg-red-700 hover:bg-red-800"
            disabled={remove.isPending}
            onClick={() => remove.mutate(undefined, { onSuccess: onClose })}
          >
            {remove.isPending ? 'Deleting...' : 'Delete Code'}
          </Button>
        </div>
      </div>
    </AdminDialog>
  );
}
