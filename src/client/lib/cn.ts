export type ClassValue = string | false | null | undefined;

/**
 * Joins class names, skipping empty ones. (No clsx/tailwind-merge: every kilobyte counts against the
 * storefront's JS budget; callers avoid conflicting utilities.)
 */
export function cn(...inputs: ClassValue[]): string {
  return inputs.filter(Boolean).join(' ');
}
