import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';

const badgeVariants = cva('inline-flex items-center rounded-full px-3 py-1 text-xs font-bold uppercase tracking-wider', {
  variants: {
    variant: {
      dark: 'bg-ink text-white',
      amber: 'bg-amber text-ink',
      outline: 'border border-ink/30 text-ink',
      success: 'bg-ok text-white',
      danger: 'bg-danger text-white',
    },
  },
  defaultVariants: { variant: 'dark' },
});

export function Badge({ className, variant, ...props }: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
