// @vitest-environment jsdom
import { QueryClientProvider } from '../../lib/query.tsx';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from '../../app/router.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProductPicture, PublicProduct } from '#shared/catalog.ts';
import { makeQueryClient } from '../../lib/query-client.ts';
import { CartUiProvider } from '../cart/cart-ui.tsx';
import { ProductCard } from './product-card.tsx';

afterEach(cleanup);

const ART: ProductPicture = {
  uploaded: false,
  src: '/api/product-images/single?w=640',
  width: 640,
  height: 640,
  variants: [320, 640, 720, 960, 1280].map((w) => ({ url: `/api/product-images/single?w=${w}`, width: w, height: w })),
};
const UPLOAD: ProductPicture = {
  uploaded: true,
  src: '/uploads/22222222222222222222222222222222.webp',
  width: 800,
  height: 600,
  variants: [
    { url: '/uploads/11111111111111111111111111111111.webp', width: 160, height: 120 },
    { url: '/uploads/22222222222222222222222222222222.webp', width: 800, height: 600 },
    { url: '/uploads/33333333333333333333333333333333.webp', width: 1600, height: 1200 },
  ],
};

const product = (image: ProductPicture): PublicProduct => ({
  id: 5,
  name: 'Single Bottle',
  description: 'One 30 g bottle of pre-activated smelling salts.',
  price: '18.99',
  compareAtPrice: null,
  imageUrl: image.variants[image.variants.length - 1]?.url ?? '',
  image,
  isActive: true,
  inventory: 40,
  inStock: true,
  held: 0,
  heldBackBy: null,
  displayOrder: 0,
  shippingClass: 'limited-quantity',
  subscription: null,
});

function cardImage(image: ProductPicture): HTMLImageElement {
  const { container } = render(
    <QueryClientProvider client={makeQueryClient()}>
      <CartUiProvider>
        <MemoryRouter>
          <ProductCard product={product(image)} />
        </MemoryRouter>
      </CartUiProvider>
    </QueryClientProvider>,
  );
  expect(screen.getByRole('heading', { name: 'Single Bottle' })).toBeTruthy();
  const img = container.querySelector('img');
  if (!img) throw new Error('the card has no picture');
  return img;
}

describe('a product card’s picture', () => {
  it('is the owner’s upload in all its sizes, so a phone fetches a small one, with its size against layout shift', () => {
    const img = cardImage(UPLOAD);
    expect(img.getAttribute('src')).toBe('/uploads/22222222222222222222222222222222.webp');
    expect(img.getAttribute('srcset')).toBe(
      '/uploads/11111111111111111111111111111111.webp 160w, /uploads/22222222222222222222222222222222.webp 800w, /uploads/33333333333333333333333333333333.webp 1600w',
    );
    expect(img.getAttribute('sizes')).toBe('(min-width: 768px) 480px, 100vw');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['800', '600']);
    expect(img.getAttribute('loading')).toBe('lazy');
  });

  it('is the drawn art, as before uploads reached the shop, when the product has none', () => {
    const img = cardImage(ART);
    expect(img.getAttribute('src')).toBe('/api/product-images/single?w=640');
    expect(img.getAttribute('srcset')).toBe(
      '/api/product-images/single?w=320 320w, /api/product-images/single?w=640 640w, /api/product-images/single?w=720 720w, /api/product-images/single?w=960 960w, /api/product-images/single?w=1280 1280w',
    );
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['640', '640']);
  });
});
