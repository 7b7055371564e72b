import type { Permission } from '#shared/staff.ts';

/** The dashboard's tabs, their names, and what a role needs to see each (docs/decisions/0057). */
export const TABS = [
  'orders',
  'customers',
  'returns',
  'subscriptions',
  'discounts',
  'reviews',
  'analytics',
  'inventory',
  'settings',
  'support',
  'staff',
  'activity',
  'account',
] as const;
export type Tab = (typeof TABS)[number];
export const LABELS: Record<Tab, string> = {
  orders: 'Orders',
  customers: 'Customers',
  subscriptions: 'Subscriptions',
  returns: 'Returns',
  discounts: 'Discounts',
  reviews: 'Reviews',
  analytics: 'Analytics',
  inventory: 'Inventory',
  settings: 'Settings',
  support: 'Support',
  staff: 'Staff',
  activity: 'Activity',
  account: 'Your account',
};

/** What a role needs to see each tab (#shared/staff.ts): the dashboard shows only those it may use; every admin has Your account. */
export const NEEDS: Record<Exclude<Tab, 'account'>, Permission> = {
  orders: 'orders.read',
  customers: 'customers.read',
  returns: 'returns.read',
  subscriptions: 'subscriptions.read',
  discounts: 'discounts.manage',
  reviews: 'reviews.moderate',
  analytics: 'analytics.read',
  inventory: 'products.read',
  settings: 'settings.manage',
  support: 'orders.read',
  staff: 'staff.manage',
  activity: 'audit.read',
};
