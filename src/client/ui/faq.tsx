import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

const SIZES = {
  md: {
    list: 'rounded-xl',
    item: 'group px-5',
    question: 'min-h-14 gap-4 py-4',
    mark: 'text-2xl leading-none',
    answer: 'pb-5 text-muted',
  },
  /** For a side column (the contact page). */
  sm: {
    list: 'rounded-lg',
    item: 'group px-4 py-3',
    question: 'gap-3',
    mark: 'text-xl',
    answer: 'mt-2 text-sm text-muted',
  },
} as const;

/**
 * The store's FAQ accordion (docs/product.md §2): native `<details>`, so several answers may be open at once and
 * it works before any script and in the server's static HTML (home, product and article pages).
 * `className` places and frames the list.
 */
export function Faq({
  items,
  size = 'md',
  className,
}: {
  items: readonly { q: string; a: ReactNode }[];
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const s = SIZES[size];
  return (
    <div className={cn('divide-y divide-line border border-line bg-white', s.list, className)}>
      {items.map((item) => (
        <details key={item.q} className={s.item}>
          <summary
            className={cn(
              'flex cursor-pointer list-none items-center justify-between font-bold [&::-webkit-details-marker]:hidden',
              s.question,
            )}
          >
            {item.q}
            <span aria-hidden="true" className={cn('transition-transform group-open:rotate-45', s.mark)}>
              +
            </span>
          </summary>
          <p className={s.answer}>{item.a}</p>
        </details>
      ))}
    </div>
  );
}
