import { useState } from 'react';
import type { AdminProduct } from '#shared/admin.ts';
import type { StockMovement, StockMovementReason } from '#shared/stock-movements.ts';
import { Button } from '../../ui/button.tsx';
import { AdminDialog } from '../lib/admin-dialog.tsx';
import { ListFooter } from '../lib/list-footer.tsx';
import { useStockMovements } from './api/get-stock-movements.ts';

/** Why the stock moved, in the owner's words. */
const REASON: Record<StockMovementReason, string> = {
  seed: 'Opening stock',
  product_created: 'Product created',
  admin_adjust: 'Adjusted by hand',
  admin_set: 'Stock set by hand',
  checkout_reserve: 'Taken by a checkout (sold once paid)',
  checkout_sale: 'Sold at payment',
  reservation_release: 'Back: checkout not paid in time',
  checkout_replaced: 'Back: the shopper started checkout again',
  refund_restock: 'Back: refunded and put back in stock',
};

const WHO: Record<string, string> = { shopper: 'Shopper', store: 'Store' };
const who = (actor: string) => WHO[actor] ?? actor;

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function Row({ m }: { m: StockMovement }) {
  const change = m.delta > 0 ? `+${m.delta}` : String(m.delta);
  return (
    <tr className="border-b border-zinc-100 align-top last:border-0">
      <td className="py-2 pr-3 text-xs text-zinc-600 sm:whitespace-nowrap sm:text-sm">
        <time dateTime={m.at}>{WHEN.format(new Date(m.at))}</time>
      </td>
      <td
        className={`py-2 pr-3 text-right font-bold tabular-nums ${m.delta > 0 ? 'text-green-700' : m.delta < 0 ? 'text-red-700' : ''}`}
      >
        {change}
      </td>
      <td className="py-2 pr-3 text-right tabular-nums">{m.inventoryAfter}</td>
      <td className="py-2 pr-3 text-sm">
        {REASON[m.reason]}
        {m.orderId ? <span className="block text-xs font-bold">Order #{m.orderId}</span> : null}
        <span className="block text-xs text-zinc-600 sm:hidden">by {who(m.actor)}</span>
      </td>
      <td className="hidden py-2 text-sm sm:table-cell">{who(m.actor)}</td>
    </tr>
  );
}

/** The history's table, asked for when the dialog opens; "Load more" for older changes. */
function History({ product }: { product: AdminProduct }) {
  const history = useStockMovements(product.id);
  const movements = history.items;
  if (history.loading) return <p className="text-sm text-zinc-600">Loading stock history...</p>;
  const footer = (
    <ListFooter
      list={history}
      label="Load more"
      failure={movements.length ? 'Failed to load more of the stock history' : 'Failed to load the stock history'}
      shownFor="4xx"
      compact
    />
  );
  if (history.error && !movements.length) return footer;
  if (movements.length === 0) return <p className="text-sm text-zinc-600">No stock changes recorded yet.</p>;
  return (
    <div className="grid gap-3">
      <table className="w-full border-collapse text-left">
        <caption className="sr-only">Stock changes of {product.name}, newest first</caption>
        <thead>
          <tr className="border-b border-zinc-200 text-xs uppercase tracking-wide text-zinc-500">
            <th scope="col" className="pb-2 pr-3 font-bold">
              Date
            </th>
            <th scope="col" className="pb-2 pr-3 text-right font-bold">
              Change
            </th>
            <th scope="col" className="pb-2 pr-3 text-right font-bold">
              Stock after
            </th>
            <th scope="col" className="pb-2 pr-3 font-bold">
              Reason
            </th>
            <th scope="col" className="hidden pb-2 font-bold sm:table-cell">
              By
            </th>
          </tr>
        </thead>
        <tbody>
          {movements.map((m) => (
            <Row key={m.id} m={m} />
          ))}
        </tbody>
      </table>
      {footer}
    </div>
  );
}

/**
 * A product's "Stock History" button and its dialog (docs/product.md §2 "Inventory tab"): focus kept
 * inside, Escape closes it, focus back on the button; newest change first.
 */
export function StockHistoryDialog({ product }: { product: AdminProduct }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        Stock History
      </Button>
      {open ? (
        <AdminDialog
          title="Stock History"
          description={`${product.name}: every change of its stock, newest first`}
          onClose={() => setOpen(false)}
          size="xl"
        >
          <div className="overflow-y-auto px-5 py-4">
            <History product={product} />
          </div>
        </AdminDialog>
      ) : null}
    </>
  );
}
