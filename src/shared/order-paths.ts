/** A shopper's order page: its path holds the key to the order, so no tag nor log may read it (ADR 0038). */
export const isOrderPagePath = (pathname: string) => pathname.startsWith('/orders/');

/** A path as first-party analytics keeps it: an order page's token is left out. */
export const analyticsPath = (pathname: string) => (isOrderPagePath(pathname) ? '/orders/:token' : pathname);
