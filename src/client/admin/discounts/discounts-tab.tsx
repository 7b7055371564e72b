import { useRef, useState } from 'react';
import type { AdminDiscount } from '#shared/discounts.ts';
import { formatUsd, parseCents } from '#shared/money.ts';
import { Button } from '../../ui/button.tsx';
import { useAdminProducts } from '../inventory/api/get-admin-products.ts';
import { copyText } from '../lib/copy-text.ts';
import { dangerOutline } from '../lib/danger-outline.ts';
import { Note } from '../lib/note.tsx';
import { StatusBadge } from '../lib/status-badge.tsx';
import { useDiscounts } from './api/get-discounts.ts';
import { DeleteDiscountDialog } from './delete-discount-dialog.tsx';
import { DiscountDialog } from './discount-dialog.tsx';
import { codeLink, conditions, offText, STATE_LABEL, STATE_TONE } from './format.ts';

type Open = { dialog: 'edit'; discount: AdminDiscount | null } | { dialog: 'delete'; discount: AdminDiscount } | null;
type RowProps = {
  d: AdminDiscount;
  productName: (id: number) => string | undefined;
  onEdit(): void;
  onDelete(): void;
};

function StateBadge({ state }: { state: AdminDiscount['state'] }) {
  return (
    <StatusBadge data-testid="discount-state" tone={STATE_TONE[state]}>
      {STATE_LABEL[state]}
    </StatusBadge>
  );
}

function Conditions({ d }: { d: AdminDiscount }) {
  const list = conditions(d);
  if (list.length === 0) return <span className="text-zinc-600">Any order</span>;
  return (
    <ul className="grid gap-0.5">
      {list.map((c) => (
        <li key={c}>{c}</li>
      ))}
    </ul>
  );
}

/** How many orders used the code and what it saved them: on one line in a card, on two in the table. */
function Redeemed({ d, lines = false }: { d: AdminDiscount; lines?: boolean }) {
  return (
    <>
      <span className={lines ? 'block whitespace-nowrap font-semibold' : 'font-semibold'}>
        {d.redeemed === 1 ? '1 order' : `${d.redeemed} orders`}
      </span>
      <span className={lines ? 'block whitespace-nowrap text-zinc-600' : 'text-zinc-600'}>
        {lines ? '' : ' · '}
        {formatUsd(parseCents(d.savedTotal))} saved
      </span>
    </>
  );
}

const copyLink = (code: string) => void copyText(codeLink(window.location.origin, code), 'Link');

/** Edit and Delete, each naming its code for screen readers (the space stays outside: a name's edge spaces are trimmed). */
function Actions({ d, onEdit, onDelete }: Omit<RowProps, 'productName'>) {
  return (
    <>
      <Button variant="outline" size="sm" onClick={onEdit}>
        Edit <span className="sr-only">{d.code}</span>
      </Button>
      <Button variant="outline" size="sm" className={dangerOutline} onClick={onDelete}>
        Delete <span className="sr-only">{d.code}</span>
      </Button>
    </>
  );
}

/** A wide screen: one row of a table. */
function DiscountRow({ d, productName, onEdit, onDelete }: RowProps) {
  return (
    <tr className="border-t border-zinc-100 align-top">
      <th scope="row" className="px-3 py-3 text-left font-mono font-bold whitespace-nowrap">
        {d.code}
      </th>
      <td className="px-3 py-3">{offText(d, productName)}</td>
      <td className="px-3 py-3">
        <Conditions d={d} />
      </td>
      <td className="px-3 py-3">
        <StateBadge state={d.state} />
      </td>
      <td className="px-3 py-3 tabular-nums">
        <Redeemed d={d} lines />
      </td>
      <td className="px-3 py-3">
        <div className="flex items-center justify-end gap-2 whitespace-nowrap">
          <button type="button" className="mr-1 min-h-11 text-xs font-bold underline" onClick={() => copyLink(d.code)}>
            Copy Link <span className="sr-only">for {d.code}</span>
          </button>
          <Actions d={d} onEdit={onEdit} onDelete={onDelete} />
        </div>
      </td>
    </tr>
  );
}

/** A phone or a tablet: a card. */
function DiscountCard({ d, productName, onEdit, onDelete }: RowProps) {
  return (
    <li aria-label={d.code} className="grid gap-3 rounded-xl border border-zinc-200 bg-white p-4 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-mono text-base font-bold break-all">{d.code}</h3>
        <StateBadge state={d.state} />
      </div>
      <p className="text-base font-semibold">{offText(d, productName)}</p>
      <Conditions d={d} />
      <p className="tabular-nums">
        Redeemed by <Redeemed d={d} />
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => copyLink(d.code)}>
          Copy Link <span className="sr-only">for {d.code}</span>
        </Button>
        <Actions d={d} onEdit={onEdit} onDelete={onDelete} />
      </div>
    </li>
  );
}

/**
 * The Discounts tab (docs/decisions/0040): the store's codes with what they take off, when and how
 * often they can be used, whether they can be now, and what they saved shoppers; created, changed
 * and deleted in dialogs.
 */
export function DiscountsTab() {
  const discounts = useDiscounts();
  const products = useAdminProducts();
  const [open, setOpen] = useState<Open>(null);
  // The dialogs give the keyboard back to the button that opened them, or here when its code is gone.
  const newCode = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(null);
  const names = new Map((products.data ?? []).map((p) => [p.id, p.name]));
  const productName = (id: number) => names.get(id);
  const example = codeLink(typeof window === 'undefined' ? '' : window.location.origin, 'CODE');

  return (
    <section aria-label="Discounts">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-bold">Discount codes</h2>
        <Button ref={newCode} onClick={() => setOpen({ dialog: 'edit', discount: null })}>
          New Code
        </Button>
      </div>
      <p className="mb-4 text-sm text-zinc-600">
        Shoppers enter a code at checkout. A link puts it there for them (Copy Link beside each code):{' '}
        <span className="font-mono wrap-anywhere">{example}</span>
      </p>
      {discounts.isPending ? (
        <Note>Loading discount codes...</Note>
      ) : discounts.isError ? (
        <Note>
          <span className="text-red-700">Failed to load discount codes</span>
        </Note>
      ) : discounts.data.length === 0 ? (
        <Note>
          <p className="font-semibold text-zinc-900">No discount codes yet</p>
          <p className="mx-auto mt-2 max-w-prose">
            Shoppers enter a code at checkout and it comes off their subtotal before shipping: a percentage or an amount, on every
            product or chosen ones, from a minimum subtotal, between two days, up to a number of uses or once per e-mail address.
            Click "New Code" to create the first.
          </p>
        </Note>
      ) : (
        <>
          <div className="hidden overflow-x-auto rounded-xl border border-zinc-200 bg-white lg:block">
            <table className="w-full border-collapse text-left text-sm">
              <caption className="sr-only">Discount codes</caption>
              <thead className="bg-zinc-50 text-xs font-bold uppercase tracking-wider text-zinc-500">
                <tr>
                  <th scope="col" className="px-3 py-3">
                    Code
                  </th>
                  <th scope="col" className="px-3 py-3">
                    Discount
                  </th>
                  <th scope="col" className="px-3 py-3">
                    Conditions
                  </th>
                  <th scope="col" className="px-3 py-3">
                    State
                  </th>
                  <th scope="col" className="px-3 py-3">
                    Redeemed
                  </th>
                  <th scope="col" className="px-3 py-3">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {discounts.data.map((d) => (
                  <DiscountRow
                    key={d.id}
                    d={d}
                    productName={productName}
                    onEdit={() => setOpen({ dialog: 'edit', discount: d })}
                    onDelete={() => setOpen({ dialog: 'delete', discount: d })}
                  />
                ))}
              </tbody>
            </table>
          </div>
          <ul aria-label="Discount codes" className="grid gap-3 sm:grid-cols-2 lg:hidden">
            {discounts.data.map((d) => (
              <DiscountCard
                key={d.id}
                d={d}
                productName={productName}
                onEdit={() => setOpen({ dialog: 'edit', discount: d })}
                onDelete={() => setOpen({ dialog: 'delete', discount: d })}
              />
            ))}
          </ul>
        </>
      )}
      {open?.dialog === 'edit' ? <DiscountDialog discount={open.discount} onClose={close} fallbackFocus={newCode} /> : null}
      {open?.dialog === 'delete' ? (
        <DeleteDiscountDialog discount={open.discount} onClose={close} fallbackFocus={newCode} />
      ) : null}
    </section>
  );
}
