import { z } from 'zod';
import { idParam } from './validation.ts';

/** A product as the storefront sees it (docs/product.md §3 "Product"). Prices are decimal strings. */
export const PublicProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  price: z.string(),
  compareAtPrice: z.string().nullable(),
  imageUrl: z.string(),
  isActive: z.boolean(),
  inventory: z.number().int(),
  inStock: z.boolean(),
  /** Units held in shoppers' open checkouts (already off `inventory`). */
  held: z.number().int(),
  /** When the last held unit is back on the shelf if not bought (ISO time); null when none is held. */
  heldBackBy: z.string().nullable(),
  displayOrder: z.number().int(),
});
export type PublicProduct = z.infer<typeof PublicProductSchema>;

export const ProductListSchema = z.array(PublicProductSchema);

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
