import type { ProductPicture } from '#shared/catalog.ts';

interface Props {
  image: ProductPicture;
  alt: string;
  sizes: string;
  priority?: boolean;
  className?: string;
}

/** A product's picture as the server chose it (the owner's upload or the drawn art), in the width the layout needs. */
export function ProductImage({ image, alt, sizes, priority, className }: Props) {
  return (
    <img
      src={image.src}
      srcSet={image.variants.map((v) => `${v.url} ${v.width}w`).join(', ')}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : 'auto'}
      className={className}
    />
  );
}
