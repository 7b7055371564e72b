import { type ClassValue, clsx } from 'clsx';

/** Joins class names. (No tailwind-merge: it costs 7 KB of the storefront's JS budget; callers avoid conflicting utilities.) */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
