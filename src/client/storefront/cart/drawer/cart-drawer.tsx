import { ShoppingBag, Trash2 } from 'lucide';
import { Icon } from '../../../ui/icon.tsx';
import { useIsMutating } from '../../../lib/mutation.ts';
import { formatUsd, parseCents } from '#shared/money.ts';
import { subscriptionLineNote } from '#shared/subscribe-terms.ts';
import { freeShippingGap } from '#shared/shipping.ts';
import { usePublicConfig } from '../../../lib/public-config.tsx';
import { Button } from '../../../ui/button.tsx';
import SheetImpl from '../../../ui/sheet-impl.tsx';
import { HeldNote } from '../../catalog/components/held-note.tsx';
import { ProductImage } from '../../catalog/components/product-image.tsx';
import { QuantitySelector } from '../../catalog/components/quantity-selector.tsx';
import { useStartCheckoutMutation } from '../../checkout/api/start-checkout.ts';
import { useCart } from '../api/get-cart.ts';
import { cartTotalCents } from '../cart-total.ts';
import { useCartUi } from '../cart-ui.tsx';
import { useClearCartMutation } from './api/clear-cart.ts';
import { useRemoveCartItemMutation } from './api/remove-cart-item.ts';
import { useUpdateCartItemMutation } from './api/update-cart-item.ts';
import { DeliveryChoice } from './delivery-choice.tsx';

/** How far the cart is from free shipping, as words and a bar (docs/decisions/0039). */
function FreeShipping({ gap, over }: { gap: number; over: number }) {
  const done = over === 0 ? 1 : Math.min(1, (over - gap) / over);
  return (
    <div data-testid="free-shipping">
      <p className="text-sm font-semibold">
        {gap === 0 ? 'You get free shipping.' : `Add ${formatUsd(gap)} more for free shipping.`}
      </p>
      <div
        className="mt-1 h-2 overflow-hidden rounded-full bg-sand"
        role="progressbar"
        aria-label="Toward free shipping"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(done * 100)}
      >
        <div className="h-full rounded-full bg-ok" style={{ width: `${Math.round(done * 100)}%` }} />
      </div>
    </div>
  );
}

/** The drawer's contents (loaded lazily by cart-drawer-lazy.tsx). */
export default function CartDrawer() {
  const { open, setOpen, sessionId } = useCartUi();
  const { data: items = [] } = useCart(sessionId);
  const update = useUpdateCartItemMutation();
  const remove = useRemoveCartItemMutation();
  const clear = useClearCartMutation();
  const checkout = useStartCheckoutMutation();
  const busy = useIsMutating() > 0;
  const total = cartTotalCents(items);
  const shipping = usePublicConfig().shipping;
  const gap = freeShippingGap(total, shipping);

  return (
    <SheetImpl
      open={open}
      onOpenChange={setOpen}
      title="Your Cart"
      footer={
        items.length > 0 ? (
          <div className="grid gap-3">
            <div className="flex items-center justify-between text-lg">
              <span className="font-bold uppercase tracking-wide">Total</span>
              <span data-testid="cart-total" className="font-display tabular-nums">
                {formatUsd(total)}
              </span>
            </div>
            {gap === null ? null : <FreeShipping gap={gap} over={shipping.freeOverCents ?? 0} />}
            <p className="text-xs text-muted">
              {gap === 0 ? 'Shipping is free.' : `Shipping ${formatUsd(shipping.rateCents)}, added at checkout.`} Processed in 1-2
              business days.
            </p>
            <Button size="lg" variant="accent" disabled={busy || checkout.isSuccess} onClick={() => checkout.mutate()}>
              {busy || checkout.isSuccess ? 'PROCESSING...' : 'Checkout'}
            </Button>
            <Button variant="ghost" size="sm" disabled={busy} onClick={() => clear.mutate()}>
              Clear cart
            </Button>
          </div>
        ) : null
      }
    >
      {items.length === 0 ? (
        <div className="grid place-items-center gap-4 py-16 text-center">
          <Icon node={ShoppingBag} className="size-12 text-muted" />
          <p className="text-lg font-bold">Your cart is empty</p>
          <p className="text-sm text-muted">Pick a single bottle or save with the 3-pack.</p>
          <Button
            variant="outline"
            onClick={() => {
              setOpen(false);
              window.location.assign('/#choose-your-power');
            }}
          >
            Shop products
          </Button>
        </div>
      ) : (
        <ul className="grid gap-4">
          {items.map((item) => (
            <li key={item.id} className="flex gap-4 rounded-lg border border-line bg-white p-3">
              <ProductImage
                image={item.image}
                alt={item.product.name}
                sizes="80px"
                className="size-20 shrink-0 rounded-md bg-sand object-cover"
              />
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                <div className="flex items-start justify-between gap-2">
                  <p className="font-bold leading-tight">{item.product.name}</p>
                  <button
                    type="button"
                    aria-label="Remove item"
                    disabled={busy}
                    onClick={() => remove.mutate(item.id)}
                    className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-muted hover:bg-sand hover:text-danger disabled:opacity-40"
                  >
                    <Icon node={Trash2} className="size-4" />
                  </button>
                </div>
                <p className="text-sm text-muted tabular-nums">{formatUsd(parseCents(item.unitPrice))} each</p>
                {item.subscription ? (
                  <p className="text-sm font-semibold text-ink-soft" data-testid="cart-line-subscription">
                    {subscriptionLineNote(item.subscription.intervalWeeks, item.subscription.discountPercent)}
                  </p>
                ) : null}
                {item.product.subscription ? (
                  <DeliveryChoice
                    item={item}
                    offer={item.product.subscription}
                    disabled={busy}
                    onChange={(subscription) => update.mutate({ itemId: item.id, quantity: item.quantity, subscription })}
                  />
                ) : null}
                {item.quantity > item.product.available ? (
                  <div className="text-sm" data-testid="cart-line-stock">
                    <p className="font-bold text-danger">
                      {item.product.available > 0 ? `Only ${item.product.available} left in stock` : 'Out of stock'}
                    </p>
                    <HeldNote held={item.product.held} backBy={item.product.heldBackBy} others />
                  </div>
                ) : null}
                <div className="flex items-center justify-between">
                  <QuantitySelector
                    value={item.quantity}
                    disabled={busy}
                    label={`Quantity of ${item.product.name}`}
                    onChange={(quantity) => update.mutate({ itemId: item.id, quantity })}
                  />
                  <span className="font-bold tabular-nums">{formatUsd(parseCents(item.unitPrice) * item.quantity)}</span>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </SheetImpl>
  );
}
