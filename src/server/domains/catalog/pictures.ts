import { isBundle } from '#shared/constants.ts';
import { type ImageVariant, PRODUCT_IMAGE_WIDTHS, type ProductImageKind, type ProductPicture } from '#shared/catalog.ts';

/** The drawn art a line shows: the 3-pack for the bundle or for three or more bottles (docs/product.md §2 "Cart drawer"). */
export function artKindOf(name: string, quantity = 1): ProductImageKind {
  return isBundle(name) || quantity >= 3 ? '3-pack' : 'single';
}

/** The drawn art at every width the server draws it, square, 640 px where srcset is not read. */
export function artPicture(kind: ProductImageKind): ProductPicture {
  const url = (w: number) => `/api/product-images/${kind}?w=${w}`;
  return {
    uploaded: false,
    src: url(640),
    width: 640,
    height: 640,
    variants: PRODUCT_IMAGE_WIDTHS.map((w) => ({ url: url(w), width: w, height: w })),
  };
}

/** An upload's sizes (smallest first); without srcset, the first at least 640 px wide (or the largest). */
export function uploadedPicture(variants: readonly ImageVariant[]): ProductPicture {
  const fallback = variants.find((v) => v.width >= 640) ?? variants[variants.length - 1];
  if (!fallback) throw new Error('an uploaded image has at least one size');
  return { uploaded: true, src: fallback.url, width: fallback.width, height: fallback.height, variants: [...variants] };
}

/** What a product (or a cart or order line of `quantity`) shows: its upload when it has one, else the drawn art. */
export function pictureOf(name: string, quantity: number, upload: readonly ImageVariant[] | undefined): ProductPicture {
  return upload?.length ? uploadedPicture(upload) : artPicture(artKindOf(name, quantity));
}
