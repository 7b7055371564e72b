import type { RefObject } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { AdminDialog, DialogActions } from '../lib/admin-dialog.tsx';
import { useEraseCustomerMutation } from './api/erase-customer.ts';

/**
 * "Erase…" (docs/decisions/0049): what erasing an address does, then "Erase Customer" or "Keep"
 * (Escape too). The answer, with any order kept because it is not finished, comes as a toast.
 */
export function EraseCustomerDialog({
  email,
  onClose,
  fallbackFocus,
}: {
  email: string;
  onClose(): void;
  fallbackFocus?: RefObject<HTMLElement | null>;
}) {
  const erase = useEraseCustomerMutation();
  return (
    <AdminDialog
      title={<span className="wrap-anywhere">Erase {email}?</span>}
      description="For a customer who asked to be deleted. This cannot be undone."
      busy={erase.isPending}
      onClose={onClose}
      fallbackFocus={fallbackFocus}
    >
      <div className="grid gap-4 px-5 py-4 text-sm">
        <ul className="grid list-disc gap-1 pl-5">
          <li>
            Names, e-mail, phone and street leave this address’s orders. Amounts, refunds, dates, state and ZIP stay for your
            accounts and taxes.
          </li>
          <li>Its reviews stay, with no name. Its checkout reminders, discount codes’ e-mail bindings and review codes go.</li>
          <li>Orders still open or not yet shipped keep their details until they are done: erase again then.</li>
          <li>Other spellings of the same inbox (upper case, a +tag, Gmail’s dots) are erased too.</li>
        </ul>
        {erase.isError ? (
          <p role="alert" className="font-semibold text-danger">
            {errorMessage(erase.error, 'The customer could not be erased. Try again.', '4xx')}
          </p>
        ) : null}
        <DialogActions
          cancelLabel="Keep"
          submitLabel="Erase Customer"
          busyLabel="Erasing..."
          busy={erase.isPending}
          danger
          onAct={() => erase.mutate(email, { onSuccess: onClose })}
        />
      </div>
    </AdminDialog>
  );
}
