import { z } from 'zod';
import { SHIPPING_CLASSES } from './ground-only.ts';
import { SubscriptionOfferSchema } from './subscribe.ts';
import { idParam } from './validation.ts';

/** One size of a product picture: its address and its pixels. */
export const ImageVariantSchema = z.object({
  url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type ImageVariant = z.infer<typeof ImageVariantSchema>;

/**
 * A product's picture as the pages show it, chosen by the server: the owner's uploaded image in the
 * sizes made at upload (`uploaded`), or else the drawn art. `src`, `width` and `height` are the size
 * an <img> names without srcset; `variants` every size, smallest first (docs/decisions/0030).
 */
export const ProductPictureSchema = z
  .object({
    uploaded: z.boolean(),
    src: z.string(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    variants: z.array(ImageVariantSchema).min(1),
  })
  .meta({ id: 'ProductPicture' });
export type ProductPicture = z.infer<typeof ProductPictureSchema>;

/** The widths made of an uploaded image below its own (at most 1600): cart and checkout thumbnails, then cards and pages. */
export const UPLOAD_IMAGE_WIDTHS = [160, 320, 480, 800, 1200] as const;

/** A product as the storefront sees it (docs/product.md §3 "Product"). Prices are decimal strings. */
export const PublicProductSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    price: z.string(),
    compareAtPrice: z.string().nullable(),
    imageUrl: z.string(),
    /** What the storefront shows for it: the upload behind `imageUrl`, or the drawn art. */
    image: ProductPictureSchema,
    isActive: z.boolean(),
    inventory: z.number().int(),
    inStock: z.boolean(),
    /** Units held in shoppers' open checkouts (already off `inventory`). */
    held: z.number().int(),
    /** When the last held unit is back on the shelf if not bought (ISO time); null when none is held. */
    heldBackBy: z.string().nullable(),
    displayOrder: z.number().int(),
    /** `limited-quantity`: ships by ground within the US only (docs/decisions/0046). */
    shippingClass: z.enum(SHIPPING_CLASSES),
    /** Subscribe and save (docs/decisions/0052): the intervals and discount on offer; null: one-time only. */
    subscription: SubscriptionOfferSchema,
  })
  .meta({ id: 'Product' });
export type PublicProduct = z.infer<typeof PublicProductSchema>;

export const ProductListSchema = z.array(PublicProductSchema).meta({ id: 'ProductList' });

export const ProductIdParamsSchema = z.object({ id: idParam });

export const ProductImageKindSchema = z.enum(['single', '3-pack']);
export type ProductImageKind = z.infer<typeof ProductImageKindSchema>;

export const PRODUCT_IMAGE_WIDTHS = [320, 640, 720, 960, 1280] as const;
export const ProductImageQuerySchema = z.object({
  w: z.coerce
    .number()
    .int()
    .refine((w) => (PRODUCT_IMAGE_WIDTHS as readonly number[]).includes(w), {
      message: `w must be one of ${PRODUCT_IMAGE_WIDTHS.join(', ')}`,
    })
    .optional(),
  format: z.enum(['webp', 'png']).optional(),
});
