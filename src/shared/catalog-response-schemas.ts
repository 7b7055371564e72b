import { z } from 'zod';
import type { AdminProduct } from './admin.ts';
import { SHIPPING_CLASSES } from './ground-only.ts';
import { isoTime } from './response-schemas.ts';
import { STOCK_MOVEMENT_REASONS, type StockMovement } from './stock-movements.ts';

/** The catalog's answers to the owner (docs/decisions/0023); the storefront's are in catalog.ts. */

export const AdminProductSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    price: z.string().describe('USD, a decimal string such as "18.99"'),
    compareAtPrice: z.string().nullable(),
    imageUrl: z.string(),
    isActive: z.boolean(),
    inventory: z.number().int(),
    displayOrder: z.number().int(),
    weightGrams: z.number().int().describe('One unit’s shipping weight with its packing'),
    shippingClass: z
      .enum(SHIPPING_CLASSES)
      .describe('`limited-quantity`: a hazardous material carriers take by ground only, within the US'),
    unNumber: z.string().nullable().describe('The UN number from the safety data sheet (`UN1993`), when given'),
    properShippingName: z.string().nullable().describe('The proper shipping name from the safety data sheet, when given'),
    subscriptionIntervalsWeeks: z
      .array(z.number().int())
      .describe('Subscribe and save: the intervals in weeks a shopper may choose, ascending; none: one-time only'),
    subscriptionDiscountPercent: z.number().int().describe('Subscribe and save: the percent taken off each subscription unit'),
    createdAt: isoTime,
  })
  .meta({ id: 'AdminProduct' }) satisfies z.ZodType<AdminProduct>;

export const AdminProductListSchema = z.array(AdminProductSchema).meta({ id: 'AdminProductList' });

export const StockMovementSchema = z
  .object({
    id: z.number().int().describe('The movement; the next page starts below the last one'),
    at: isoTime,
    delta: z.number().int().describe('Units added (positive) or taken (negative)'),
    inventoryAfter: z.number().int().describe('The stock on the shelf right after it'),
    reason: z
      .enum(STOCK_MOVEMENT_REASONS)
      .describe(
        'seed; checkout_reserve (held for a checkout, sold when it is paid); checkout_sale (taken at payment by a checkout that held nothing); reservation_release (back from a checkout not paid in time); checkout_replaced (back because its cart started a new checkout); admin_adjust, admin_set, product_created (the owner); refund_restock (back in stock with a refund)',
      ),
    actor: z.string().describe("The admin's username, 'shopper' (a checkout) or 'store' (the store's own)"),
    orderId: z.number().int().nullable().describe('The order a checkout’s movement belongs to'),
  })
  .meta({ id: 'StockMovement' }) satisfies z.ZodType<StockMovement>;

export const StockMovementsSchema = z.array(StockMovementSchema).meta({ id: 'StockMovements' });
