import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';

const VARIANTS = {
  dark: 'bg-ink text-white',
  amber: 'bg-amber text-ink',
  outline: 'border border-ink/30 text-ink',
  success: 'bg-ok text-white',
  danger: 'bg-danger text-white',
} as const;

export function Badge({ className, variant, ...props }: ComponentProps<'span'> & { variant?: keyof typeof VARIANTS }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-3 py-1 text-xs font-bold uppercase tracking-wider',
        VARIANTS[variant ?? 'dark'],
        className,
      )}
      {...props}
    />
  );
}
