import { useState } from 'react';
import { Link } from '../../app/router.tsx';
import type { PublicProduct } from '#shared/catalog.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { useAddToCart } from '../cart/api/add-to-cart.ts';
import { Price, productSavings } from '../catalog/components/price.tsx';
import { ProductImage } from '../catalog/components/product-image.tsx';
import { QuantitySelector } from '../catalog/components/quantity-selector.tsx';

export function ProductCard({ product }: { product: PublicProduct }) {
  const [quantity, setQuantity] = useState(1);
  const add = useAddToCart();
  const savings = productSavings(product);
  const href = `/product/${product.id}`;
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-line bg-white shadow-sm">
      <Link to={href} className="relative block bg-sand" tabIndex={-1} aria-hidden="true">
        <ProductImage
          image={product.image}
          alt=""
          sizes="(min-width: 768px) 480px, 100vw"
          className="aspect-square w-full object-cover"
        />
        {savings ? (
          <Badge variant="amber" className="absolute left-4 top-4">
            Save {savings.percent}%
          </Badge>
        ) : null}
      </Link>
      <div className="flex flex-1 flex-col gap-4 p-6">
        <div>
          <h3 className="font-display text-2xl uppercase">
            <Link to={href} className="hover:underline">
              {product.name}
            </Link>
          </h3>
          <p className="mt-2 line-clamp-3 text-muted">{product.description}</p>
        </div>
        <Price product={product} />
        <div className="mt-auto flex flex-wrap items-center gap-3">
          <QuantitySelector value={quantity} onChange={setQuantity} label={`Quantity of ${product.name}`} />
          <Button
            className="flex-1"
            size="lg"
            disabled={add.isPending || !product.inStock}
            onClick={() => add.mutate({ productId: product.id, quantity })}
          >
            {!product.inStock ? 'Out of stock' : add.isPending ? 'ADDING...' : 'ADD TO CART'}
          </Button>
        </div>
      </div>
    </article>
  );
}
