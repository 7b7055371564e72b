/**
 * With the outline variant, a button that opens the confirmation of something that cannot be undone
 * (a code's Delete, an order's Cancel Order); the confirmation's own button is the `danger` variant.
 * Kept here, not in ui/button.tsx: the storefront's first load carries that file's variants (ADR 0006).
 */
export const dangerOutline = 'border-red-700 text-red-800 hover:bg-red-700';
