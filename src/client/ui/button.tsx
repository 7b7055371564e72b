import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';

const BASE =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-md font-bold uppercase tracking-wide transition-colors disabled:cursor-not-allowed disabled:opacity-50';

const VARIANTS = {
  primary: 'bg-ink text-white hover:bg-ink-soft',
  accent: 'bg-amber text-ink hover:bg-[#ffc53d]',
  outline: 'border-2 border-ink bg-transparent text-ink hover:bg-ink hover:text-white',
  ghost: 'bg-transparent text-ink hover:bg-sand',
  light: 'border-2 border-white bg-transparent text-white hover:bg-white hover:text-ink',
  /** What cannot be undone (delete, refuse, cancel an order): the dashboard's confirmations. */
  danger: 'bg-red-700 text-white hover:bg-red-800',
} as const;

const SIZES = {
  sm: 'px-3 text-xs',
  md: 'px-5 text-sm',
  lg: 'px-7 text-base',
  icon: 'size-11 p-0',
} as const;

export interface ButtonStyle {
  variant?: keyof typeof VARIANTS | null;
  size?: keyof typeof SIZES | null;
}

/** The button classes, also for links styled as buttons. */
export function buttonVariants({ variant, size }: ButtonStyle = {}): string {
  return `${BASE} ${VARIANTS[variant ?? 'primary']} ${SIZES[size ?? 'md']}`;
}

export type ButtonProps = ComponentProps<'button'> & ButtonStyle;

export function Button({ className, variant, size, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
