/**
 * The pages whose path holds a signed key: a shopper's order page (ADR 0038), and a checkout
 * reminder's restore and unsubscribe pages (ADR 0041), a reorder reminder's page (ADR 0051), a subscription's page (ADR 0054). No tag nor log may read them.
 */
const KEYED_PAGES = ['/orders/', '/recover/', '/reorder/', '/unsubscribe/', '/subscriptions/'] as const;

/** A page whose path is a key (an order's page, a reminder's links): no tag, no shared cache, no log. */
export const isOrderPagePath = (pathname: string) => KEYED_PAGES.some((prefix) => pathname.startsWith(prefix));

/** A path as first-party analytics keeps it: a keyed page's token is left out (`/orders/:token`). */
export const analyticsPath = (pathname: string) => {
  const prefix = KEYED_PAGES.find((p) => pathname.startsWith(p));
  return prefix ? `${prefix}:token` : pathname;
};
