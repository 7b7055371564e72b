import { Skeleton } from '../../ui/skeleton.tsx';
import { useProducts } from '../catalog/api/get-products.ts';
import { ProductCard } from './product-card.tsx';

export function ProductsSection() {
  const { data, isPending, isError } = useProducts();
  return (
    <section id="products" aria-labelledby="products-title" className="scroll-mt-16 py-16">
      <div id="choose-your-power" className="mx-auto max-w-6xl scroll-mt-20 px-4">
        <p className="text-sm font-bold uppercase tracking-[0.25em] text-amber-deep">Shop</p>
        <h2 id="products-title" className="mt-2 font-display text-3xl uppercase sm:text-4xl">
          Choose your power
        </h2>
        <div className="mt-8 grid gap-8 md:grid-cols-2">
          {isPending ? (
            [0, 1].map((i) => (
              <div key={i} className="overflow-hidden rounded-xl border border-line bg-white">
                <Skeleton className="aspect-square w-full rounded-none" />
                <div className="grid gap-3 p-6">
                  <Skeleton className="h-8 w-2/3" />
                  <Skeleton className="h-16 w-full" />
                  <Skeleton className="h-11 w-full" />
                </div>
              </div>
            ))
          ) : isError ? (
            <div role="alert" className="rounded-xl border border-line bg-white p-10 text-center md:col-span-2">
              <p className="font-display text-2xl uppercase">PRODUCTS UNAVAILABLE</p>
              <p className="mt-2 text-muted">Unable to load products. Please try again later.</p>
            </div>
          ) : (
            data.filter((p) => p.isActive).map((p) => <ProductCard key={p.id} product={p} />)
          )}
        </div>
      </div>
    </section>
  );
}
