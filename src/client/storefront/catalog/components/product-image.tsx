import { isBundle } from '#shared/constants.ts';

const WIDTHS = [320, 640, 720, 960, 1280] as const;

export function productImageKind(name: string, quantity = 1): 'single' | '3-pack' {
  return isBundle(name) || quantity >= 3 ? '3-pack' : 'single';
}

interface Props {
  kind: 'single' | '3-pack';
  alt: string;
  sizes: string;
  priority?: boolean;
  className?: string;
}

/** Our drawn product art, square, from the server in the width the layout needs. */
export function ProductImage({ kind, alt, sizes, priority, className }: Props) {
  const src = (w: number) => `/api/product-images/${kind}?w=${w}`;
  return (
    <img
      src={src(640)}
      srcSet={WIDTHS.map((w) => `${src(w)} ${w}w`).join(', ')}
      sizes={sizes}
      width={640}
      height={640}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : 'auto'}
      className={className}
    />
  );
}
