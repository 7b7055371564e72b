import type { PublicProduct } from '#shared/catalog.ts';
import { formatUsd, parseCents, savingsPercent } from '#shared/money.ts';
import { cn } from '../../../lib/cn.ts';

/** The saving of a product against its compare-at price, computed from data. */
export function productSavings(p: Pick<PublicProduct, 'price' | 'compareAtPrice'>) {
  const price = parseCents(p.price);
  const compareAt = p.compareAtPrice ? parseCents(p.compareAtPrice) : null;
  const percent = savingsPercent(price, compareAt);
  return percent > 0 && compareAt ? { percent, amountCents: compareAt - price, compareAtCents: compareAt } : null;
}

export function Price({ product, size = 'md' }: { product: PublicProduct; size?: 'md' | 'lg' }) {
  const savings = productSavings(product);
  return (
    <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
      <span className={cn('font-display tabular-nums', size === 'lg' ? 'text-4xl' : 'text-2xl')}>
        {formatUsd(parseCents(product.price))}
      </span>
      {savings ? (
        <>
          <s className="text-lg text-muted tabular-nums">
            <span className="sr-only">Was </span>
            {formatUsd(savings.compareAtCents)}
          </s>
          <span className="text-sm font-bold text-amber-deep">Save {formatUsd(savings.amountCents)}</span>
        </>
      ) : null}
    </div>
  );
}
