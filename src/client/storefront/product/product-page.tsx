import { ArrowLeft } from 'lucide';
import { lazy, Suspense, useRef } from 'react';
import { Island } from '../../app/static-island.tsx';
import { Icon } from '../../ui/icon.tsx';
import { useWhenIdle } from '../../lib/when-idle.ts';
import { Link, useNavigate, useParams } from '../../app/router.tsx';
import { isBundle, STOCK_LOW_MAX } from '#shared/constants.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { usePublicConfig } from '../../lib/public-config.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useAddToCart } from '../cart/api/add-to-cart.ts';
import { SubscribeChoice } from './subscribe-choice.tsx';
import { useProduct } from '../catalog/api/get-product.ts';
import { HeldNote } from '../catalog/components/held-note.tsx';
import { Price, productSavings } from '../catalog/components/price.tsx';
import { ProductImage } from '../catalog/components/product-image.tsx';
import { NotFoundMessage } from '../pages/not-found-page.tsx';
import type { Choice } from './subscribe-choice.tsx';

// Registered as server islands in entry-server.tsx; loaded only when navigating here in the browser.
const loadSingleInfo = () => import('./product-info.tsx').then((m) => m.ProductInfoSingle);
const loadBundleInfo = () => import('./product-info.tsx').then((m) => m.ProductInfoBundle);

export function ProductPage() {
  const id = Number(useParams().id);
  const { data: product, isPending } = useProduct(id);
  const navigate = useNavigate();
  const add = useAddToCart();
  // What the subscribe-and-save choice holds (it sets it); left undefined for a product without one.
  const choice = useRef<Choice>(undefined);

  if (isPending) return <ProductSkeleton />;
  if (!product) {
    return (
      <NotFoundMessage title="Product Not Found" text="The product you're looking for doesn't exist." action="Back to Home" />
    );
  }
  const bundle = isBundle(product.name);
  const savings = productSavings(product);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <ol className="flex flex-wrap gap-2">
          <li>
            <Link to="/" className="hover:underline">
              Home
            </Link>{' '}
            /
          </li>
          <li>
            <Link to="/#choose-your-power" className="hover:underline">
              Products
            </Link>{' '}
            /
          </li>
          <li aria-current="page" className="font-bold text-ink">
            {product.name}
          </li>
        </ol>
      </nav>
      <Button variant="ghost" size="sm" className="mt-4 -ml-3" onClick={() => navigate('/#choose-your-power')}>
        <Icon node={ArrowLeft} className="size-4" /> Back to Products
      </Button>

      <div className="mt-4 grid gap-10 md:grid-cols-2">
        <div className="relative self-start overflow-hidden rounded-2xl border border-line bg-sand">
          <ProductImage
            image={product.image}
            alt={
              product.image.uploaded
                ? product.name
                : bundle
                  ? 'Three amber Ironwake smelling salts bottles'
                  : 'Amber 30 g Ironwake smelling salts bottle'
            }
            sizes="(min-width: 768px) 560px, 100vw"
            priority
            className="aspect-square w-full object-cover"
          />
        </div>
        <div className="flex flex-col gap-5">
          <div className="flex flex-wrap gap-2">
            <Badge>Professional Grade</Badge>
            {savings ? <Badge variant="amber">Save {savings.percent}%</Badge> : null}
          </div>
          <h1 className="font-display text-4xl uppercase leading-tight sm:text-5xl">{product.name}</h1>
          <p className="text-lg text-ink-soft">{product.description}</p>
          <Price product={product} size="lg" />
          <div>
            <p className={product.inStock ? 'font-bold text-ok' : 'font-bold text-danger'}>
              {product.inStock ? 'In Stock - Ready to Ship' : 'Out of Stock'}
            </p>
            {product.inventory <= STOCK_LOW_MAX ? <HeldNote held={product.held} backBy={product.heldBackBy} /> : null}
          </div>
          {product.subscription ? <SubscribeChoice offer={product.subscription} price={product.price} choice={choice} /> : null}
          <Button
            size="lg"
            variant="accent"
            className="w-full sm:w-auto"
            disabled={add.isPending || !product.inStock}
            onClick={() => add.mutate({ productId: product.id, quantity: 1, subscription: choice.current })}
          >
            {add.isPending ? 'ADDING...' : bundle ? 'Add 3-Pack Bundle to Cart' : 'Add to Cart'}
          </Button>
          <p className="text-sm text-muted">Same-day processing • Professional grade quality</p>
          <p className="text-sm text-muted">Processed in 1-2 business days · Arrives in 3-5 business days · 30-day returns</p>
          {product.shippingClass === 'limited-quantity' ? (
            <p className="text-sm text-muted">
              <span className="font-bold text-ink-soft">Ships by ground within the US</span> · Not to APO, FPO or DPO addresses
            </p>
          ) : null}
          <AgeNote />
        </div>
      </div>

      {/* Benefits, directions, safety and FAQ never change after the server rendered them: a static island. */}
      <Island id={bundle ? 'product-info-bundle' : 'product-info-single'} load={bundle ? loadBundleInfo : loadSingleInfo} />

      <section aria-labelledby="reviews-title" className="mt-14">
        <h2 id="reviews-title" className="mb-5 font-display text-2xl uppercase">
          Customer Reviews
        </h2>
        <ReviewsSlot productId={product.id} productName={product.name} />
      </section>
    </div>
  );
}

// Reviews load once the page is idle: below the fold, and outside the page's first load.
const ReviewsSection = lazy(() => import('../reviews/reviews-section.tsx'));

function ReviewsSlot({ productId, productName }: { productId: number; productName: string }) {
  const ready = useWhenIdle();
  const placeholder = <div className="h-48 animate-pulse rounded-xl bg-sand" aria-busy="true" />;
  return ready ? (
    <Suspense fallback={placeholder}>
      <ReviewsSection productId={productId} productName={productName} />
    </Suspense>
  ) : (
    placeholder
  );
}

function ProductSkeleton() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8" aria-busy="true">
      <Skeleton className="h-5 w-56" />
      <div className="mt-16 grid gap-10 md:grid-cols-2">
        <Skeleton className="aspect-square w-full rounded-2xl" />
        <div className="grid content-start gap-5">
          <Skeleton className="h-7 w-40" />
          <Skeleton className="h-14 w-3/4" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-10 w-32" />
          <Skeleton className="h-11 w-full" />
        </div>
      </div>
    </div>
  );
}

/** The store's age rule (docs/decisions/0048), as the Terms say it and the checkout asks it. */
function AgeNote() {
  const { minimumAge } = usePublicConfig();
  if (minimumAge === null) return null;
  return (
    <p className="text-sm font-semibold text-ink-soft">
      {`For adults ${minimumAge}+ only: you confirm your age at checkout (`}
      <Link to="/terms#who-may-buy" className="underline underline-offset-2">
        Terms
      </Link>
      ).
    </p>
  );
}
