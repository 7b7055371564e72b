import type { RefObject } from 'react';
import type { AdminDiscount } from '#shared/discounts.ts';
import { ConfirmDialog } from '../lib/admin-dialog.tsx';
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
    <ConfirmDialog
      title={`Delete code ${discount.code}?`}
      description={
        discount.redeemed > 0
          ? `Shoppers can no longer use it. The ${discount.redeemed === 1 ? 'order' : `${discount.redeemed} orders`} paid with it keep their discount.`
          : 'Shoppers can no longer use it. This cannot be undone.'
      }
      pending={remove.isPending}
      error={remove.isError ? remove.error : null}
      failure="The code could not be deleted. Try again."
      cancelLabel="Keep Code"
      submitLabel="Delete Code"
      busyLabel="Deleting..."
      onConfirm={() => remove.mutate(undefined, { onSuccess: onClose })}
      onClose={onClose}
      fallbackFocus={fallbackFocus}
    />
  );
}
