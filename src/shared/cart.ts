import { z } from 'zod';
import { ProductPictureSchema } from './catalog.ts';
import { CART_QUANTITY_MAX, CART_QUANTITY_MIN } from './constants.ts';
import { LineSubscriptionSchema, SubscriptionChoiceSchema } from './subscribe.ts';
import { idParam } from './validation.ts';

/** Made in the browser: 'session-' + timestamp + random (docs/product.md §3). Bounded so it cannot be abused as storage. */
export const SessionIdSchema = z
  .string({ error: 'sessionId is required' })
  .regex(/^session-\d{10,16}-[A-Za-z0-9]{16,64}$/, 'sessionId is not a valid session id');

export const CartItemIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, 'Not a valid cart item id');

export const QuantitySchema = z
  .number({ error: 'quantity must be a number' })
  .int('quantity must be a whole number')
  .min(CART_QUANTITY_MIN, `quantity must be at least ${CART_QUANTITY_MIN}`)
  .max(CART_QUANTITY_MAX, `quantity must be at most ${CART_QUANTITY_MAX}`);

export const AddToCartBodySchema = z.strictObject({
  sessionId: SessionIdSchema,
  productId: idParam.pipe(z.number()),
  quantity: QuantitySchema,
  /**
   * Subscribe and save (docs/decisions/0052): every `intervalWeeks`, or null for one-time; left out,
   * a line already in the cart keeps its choice and a new one is one-time.
   */
  subscription: SubscriptionChoiceSchema.optional(),
});
export type AddToCartBody = z.infer<typeof AddToCartBodySchema>;

export const UpdateCartItemBodySchema = z.object({
  quantity: QuantitySchema,
  sessionId: SessionIdSchema.optional(),
  /** As for POST /api/cart: a new choice for the line, or left out to keep its own. */
  subscription: SubscriptionChoiceSchema.optional(),
});

export const CartItemParamsSchema = z.object({ itemId: CartItemIdSchema });
export const CartSessionParamsSchema = z.object({ sessionId: SessionIdSchema });

export const CartItemSchema = z
  .object({
    id: z.string(),
    quantity: z.number().int(),
    productId: z.number().int(),
    /** The line's picture: the product's upload, or the drawn art (the 3-pack's from three bottles on). */
    image: ProductPictureSchema,
    /** What one unit costs on this line: the product's price, less the subscription discount when subscribed. */
    unitPrice: z.string(),
    subscription: LineSubscriptionSchema,
    product: z.object({
      id: z.number().int(),
      name: z.string(),
      price: z.string(),
      imageUrl: z.string(),
      isActive: z.boolean(),
      /** Units on the shelf now (what other checkouts hold is not on it). */
      available: z.number().int(),
      /** Units held in shoppers' open checkouts, and when the last is back if not bought (ISO time). */
      held: z.number().int(),
      heldBackBy: z.string().nullable(),
      /** Subscribe and save as the product offers it now (the line may switch to it); null: one-time only. */
      subscription: z.object({ intervalsWeeks: z.array(z.number().int()), discountPercent: z.number().int() }).nullable(),
    }),
  })
  .meta({ id: 'CartItem' });
export type CartItem = z.infer<typeof CartItemSchema>;
export const CartSchema = z.array(CartItemSchema).meta({ id: 'Cart' });

/** Cents total of a cart (the line's unit price × quantity), the same sum on server and client. */
export function cartTotalCents(
  items: readonly { quantity: number; unitPrice?: string; product: { price: string } }[],
  toCents: (p: string) => number,
): number {
  return items.reduce((sum, i) => sum + toCents(i.unitPrice ?? i.product.price) * i.quantity, 0);
}
