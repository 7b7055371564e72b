import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** What a state means to the owner: done or usable (green), waiting (amber), under way (sky), refused or over (red), out of play (grey). */
const TONES = {
  good: 'bg-green-100 text-green-800',
  waiting: 'bg-amber-100 text-amber-900',
  underway: 'bg-sky-100 text-sky-900',
  bad: 'bg-red-100 text-red-800',
  idle: 'bg-zinc-200 text-zinc-700',
} as const;
export type StatusTone = keyof typeof TONES;

/** A dashboard list's state pill: an order's status, a return's, a discount code's. */
export function StatusBadge({ tone, className, ...props }: ComponentProps<'span'> & { tone: StatusTone }) {
  return (
    <span
      className={cn('whitespace-nowrap rounded-full px-3 py-1 text-xs font-bold uppercase', TONES[tone], className)}
      {...props}
    />
  );
}
