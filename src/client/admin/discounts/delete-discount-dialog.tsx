import type { RefObject } from 'react';
import type { AdminDiscount } from '#shared/discounts.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { AdminDialog, DialogActions } from '../lib/admin-dialog.tsx';
import { useDeleteDiscountMutation } from './api/delete-discount.ts';

/**
 * A code's "Delete": a confirmation; "Keep Code" (or Escape) leaves it as it is. Once deleted, the
 * code's row is gone and the keyboard goes to `fallbackFocus`.
 */
export function DeleteDiscountDialog({
  discount,
  onClose,
  fallbackFocus,
}: {
  discount: AdminDiscount;
  onClose(): void;
  fallbackFocus: RefObject<HTMLElement | null>;
}) {
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
      fallbackFocus={fallbackFocus}
    >
      <div className="grid gap-4 px-5 py-4">
        {remove.isError ? (
          <p role="alert" className="text-sm font-semibold text-danger">
            {errorMessage(remove.error, 'The code could not be deleted. Try again.', '4xx')}
          </p>
        ) : null}
        <DialogActions
          cancelLabel="Keep Code"
          submitLabel="Delete Code"
          busyLabel="Deleting..."
          busy={remove.isPending}
          danger
          onAct={() => remove.mutate(undefined, { onSuccess: onClose })}
        />
      </div>
    </AdminDialog>
  );
}
