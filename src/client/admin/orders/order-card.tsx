import { useState } from 'react';
import { type AdminOrder, SETTABLE_ORDER_STATUSES, type SettableOrderStatus } from '#shared/admin.ts';
import { formatUsd, parseCents } from '#shared/money.ts';
import { paymentMethodLabel } from '#shared/payment-methods.ts';
import { Button, buttonVariants } from '../../ui/button.tsx';
import { copyText } from '../lib/copy-text.ts';
import { dangerOutline } from '../lib/danger-outline.ts';
import { StatusBadge } from '../lib/status-badge.tsx';
import { useCan, useMe } from '../session/api/get-me.ts';
import { useCreateLabelMutation } from './api/create-label.ts';
import { useUpdateOrderStatusMutation } from './api/update-order-status.ts';
import { useVoidLabelMutation } from './api/void-label.ts';
import { CancelDialog } from './cancel-dialog.tsx';
import { DisputePanel, disputeReasonId } from './dispute-panel.tsx';
import { OrderHistory } from './order-history.tsx';
import { PostageDialog } from './postage-dialog.tsx';
import { RefundDialog } from './refund-dialog.tsx';
import { addressLines, customerName, formatPhone, orderDetails, orderLabel, STATUS_LABEL } from './format.ts';

/** One order (docs/product.md §2 "Order card"). Only paid has a green badge; the others use the destructive style. */
export function OrderCard({ order }: { order: AdminOrder }) {
  const update = useUpdateOrderStatusMutation(order.id);
  const label = useCreateLabelMutation(order.id);
  const cancelLabel = useVoidLabelMutation(order.id);
  const canLabel = ['paid', 'shipped', 'delivered'].includes(order.status) && Boolean(order.shippingAddress);
  const disputeBlocks = Boolean(order.dispute?.labelsBlocked);
  const shownStatus = update.isPending && update.variables ? update.variables : order.status;
  const shippedOrLater = shownStatus === 'shipped' || shownStatus === 'delivered';
  // Ticked at once; untick again if the update fails.
  const [ticked, setTicked] = useState(false);
  const [dialog, setDialog] = useState<'refund' | 'cancel' | 'postage' | null>(null);
  // With EasyPost the owner chooses the carrier's rate; the built-in label stays one click (and a label made is printed again with one).
  const choosesRate = useMe().data?.labelProvider === 'easypost' && !order.trackingNumber;
  const id = `order-${order.id}`;
  // Cancelled and refunded come only from their own actions: the status list then shows just that.
  const settable = (SETTABLE_ORDER_STATUSES as readonly string[]).includes(order.status);
  const refundedCents = parseCents(order.refundedTotal);
  const can = useCan();
  const canRefund =
    can('orders.refund') &&
    Boolean(order.paidAt) &&
    ['paid', 'shipped', 'delivered'].includes(order.status) &&
    refundedCents < parseCents(order.total);
  const canCancel =
    can('orders.cancel') && ((order.status === 'pending' && !order.paidAt && !order.paymentIssue) || order.status === 'paid');

  return (
    <article aria-labelledby={`${id}-title`} className="rounded-xl border border-zinc-200 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={`${id}-title`} className="font-mono text-base font-bold">
            Order {orderLabel(order)}
          </h3>
          <p className="text-sm text-zinc-600">
            <time dateTime={order.createdAt}>{new Date(order.createdAt).toLocaleString('en-US')}</time> · #{order.id}
          </p>
        </div>
        <StatusBadge data-testid="order-status" tone={order.status === 'paid' ? 'good' : 'bad'}>
          {STATUS_LABEL[order.status]}
        </StatusBadge>
      </div>
      {order.paymentMode === 'test' ? (
        <p className="mt-2 inline-block rounded-full bg-amber-100 px-3 py-1 text-xs font-bold uppercase text-amber-900">
          Test order: test payments, no money taken
        </p>
      ) : null}
      {order.renewalOf !== null ? (
        <p className="ml-2 mt-2 inline-block rounded-full bg-sky-100 px-3 py-1 text-xs font-bold uppercase text-sky-900">
          Renewal of subscription #{order.renewalOf}
        </p>
      ) : null}

      {order.paymentIssue ? (
        <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-sm font-semibold text-red-800">
          Payment needs attention: {order.paymentIssue}
        </p>
      ) : null}

      <DisputePanel order={order} />

      <div className="mt-4 grid gap-4 text-sm sm:grid-cols-3">
        <div>
          <h4 className="text-xs font-bold uppercase tracking-wider text-zinc-500">Customer</h4>
          <p className="mt-1 font-semibold">{customerName(order)}</p>
          <p className="break-all">{order.email ?? 'No e-mail given'}</p>
          <p>{formatPhone(order.phone)}</p>
        </div>
        <div>
          <h4 className="text-xs font-bold uppercase tracking-wider text-zinc-500">Ship to</h4>
          <address className="mt-1 not-italic">
            {addressLines(order)
              .slice(1)
              .map((l) => (
                <span key={l} className="block">
                  {l}
                </span>
              ))}
          </address>
        </div>
        <div>
          <h4 className="text-xs font-bold uppercase tracking-wider text-zinc-500">Items</h4>
          <ul className="mt-1">
            {order.items.map((i) => (
              <li key={i.productId}>
                {i.quantity} × {i.name}
              </li>
            ))}
          </ul>
          {order.discount ? (
            <p data-testid="order-discount">
              Discount ({order.discount.code}) −{formatUsd(parseCents(order.discount.amount))}
            </p>
          ) : null}
          <p>Shipping {parseCents(order.shippingCharged) === 0 ? 'Free' : formatUsd(parseCents(order.shippingCharged))}</p>
          {parseCents(order.tax) > 0 ? <p data-testid="order-tax">Sales tax {formatUsd(parseCents(order.tax))}</p> : null}
          <p className="mt-1 text-base font-bold">Total {formatUsd(parseCents(order.total))}</p>
          {order.paymentMethodKind ? (
            <p className="text-zinc-600">Paid with {paymentMethodLabel(order.paymentMethodKind)}</p>
          ) : null}
          {refundedCents > 0 ? (
            <p className="text-sm font-semibold text-red-800" data-testid="order-refunded">
              Refunded {formatUsd(refundedCents)}
              {order.status !== 'refunded' && order.status !== 'cancelled'
                ? ` · net ${formatUsd(parseCents(order.total) - refundedCents)}`
                : ''}
            </p>
          ) : null}
        </div>
      </div>

      {order.trackingNumber ? (
        <div className="mt-4 grid gap-y-1 rounded-md bg-zinc-50 p-3 text-sm">
          <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-4">
            <div>
              <dt className="text-zinc-500">Tracking</dt>
              <dd className="font-mono">
                {order.trackingUrl ? (
                  <a
                    href={order.trackingUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`Track ${order.trackingNumber}${order.shippingCarrier ? ` with ${order.shippingCarrier}` : ''}`}
                    className="break-all underline"
                  >
                    {order.trackingNumber}
                  </a>
                ) : (
                  order.trackingNumber
                )}
              </dd>
            </div>
            <div>
              <dt className="text-zinc-500">Carrier</dt>
              <dd>{order.shippingCarrier}</dd>
            </div>
            <div>
              <dt className="text-zinc-500">Service</dt>
              <dd>{order.shippingService}</dd>
            </div>
            <div>
              <dt className="text-zinc-500">Postage paid</dt>
              <dd>{order.shippingCost ? formatUsd(parseCents(order.shippingCost)) : '—'}</dd>
            </div>
          </dl>
          {/* The label's actions, under its figures: a definition list holds only its terms and their values. */}
          <div className="flex flex-wrap gap-3">
            {order.labelUrl && can('labels.print') ? (
              <a href={order.labelUrl} target="_blank" rel="noopener" className="font-bold underline">
                View Label
              </a>
            ) : null}
            {can('labels.buy') ? (
              <button
                type="button"
                className="font-bold text-red-800 underline disabled:opacity-50"
                disabled={cancelLabel.isPending}
                onClick={() => {
                  if (window.confirm(`Void label ${order.trackingNumber}? A new one can be created afterwards.`))
                    cancelLabel.mutate();
                }}
              >
                Void Label
              </button>
            ) : null}
          </div>
        </div>
      ) : null}

      <div className="mt-4 flex flex-wrap items-center gap-3 border-t border-zinc-100 pt-4">
        <label className="flex items-center gap-2 text-sm font-bold">
          Status
          <select
            value={shownStatus}
            disabled={update.isPending || !settable || !can('orders.status')}
            onChange={(e) => update.mutate(e.target.value as SettableOrderStatus)}
            className="rounded-md border border-zinc-300 bg-white px-2 py-2 font-normal"
          >
            {(settable ? SETTABLE_ORDER_STATUSES : [order.status]).map((s) => (
              <option key={s} value={s}>
                {STATUS_LABEL[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-h-10 items-center gap-2 text-sm font-bold">
          <input
            type="checkbox"
            className="size-5 accent-zinc-900"
            checked={shippedOrLater || ticked}
            disabled={update.isPending || shippedOrLater || !settable || !can('orders.status')}
            onChange={(e) => {
              if (!e.target.checked || shippedOrLater) return;
              setTicked(true);
              update.mutate('shipped', { onSettled: () => setTicked(false) });
            }}
          />
          Mark as Shipped
        </label>
        <div className="flex flex-wrap gap-2 sm:ml-auto">
          {can('labels.buy') ? (
            <Button
              size="sm"
              disabled={!canLabel || disputeBlocks || label.isPending}
              aria-describedby={canLabel && disputeBlocks ? disputeReasonId(order.id) : undefined}
              title={
                !canLabel
                  ? 'Labels are made for paid orders with an address, not for cancelled or refunded ones'
                  : disputeBlocks
                    ? (order.dispute?.labelsBlockedReason ?? undefined)
                    : undefined
              }
              onClick={() => (choosesRate ? setDialog('postage') : label.mutate())}
            >
              {choosesRate ? 'Buy Postage' : label.isPending ? 'Printing...' : 'Print Label'}
            </Button>
          ) : null}
          {canLabel && can('labels.print') ? (
            <a
              href={`/api/orders/${order.id}/packing-slip`}
              target="_blank"
              rel="noopener"
              className={buttonVariants({ variant: 'outline', size: 'sm' })}
            >
              Packing Slip
            </a>
          ) : null}
          <Button variant="outline" size="sm" onClick={() => void copyText(addressLines(order).join('\n'), 'Address')}>
            Copy Address
          </Button>
          <Button variant="outline" size="sm" onClick={() => void copyText(orderDetails(order), 'Order details')}>
            Copy Details
          </Button>
          {canRefund ? (
            <Button variant="outline" size="sm" onClick={() => setDialog('refund')}>
              Refund
            </Button>
          ) : null}
          {canCancel ? (
            <Button variant="outline" size="sm" className={dangerOutline} onClick={() => setDialog('cancel')}>
              Cancel Order
            </Button>
          ) : null}
        </div>
      </div>
      {dialog === 'refund' ? <RefundDialog order={order} onClose={() => setDialog(null)} /> : null}
      {dialog === 'cancel' ? <CancelDialog order={order} onClose={() => setDialog(null)} /> : null}
      {dialog === 'postage' ? <PostageDialog order={order} onClose={() => setDialog(null)} /> : null}
      <OrderHistory orderId={order.id} />
    </article>
  );
}
