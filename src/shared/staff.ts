import { z } from 'zod';
import { passwordText, requiredLine } from './validation.ts';

/**
 * Staff roles and what each may do (docs/decisions/0057), one table for the server's guard and the
 * dashboard's buttons. Every admin route names one permission in its options; a role without it is
 * refused with 403.
 */

export const ROLES = ['owner', 'fulfilment', 'support'] as const;
export type Role = (typeof ROLES)[number];

/** Each permission, with the words of its refusal: "Your role (fulfilment) cannot refund orders". */
export const PERMISSION_WORDS = {
  'orders.read': 'read orders',
  'orders.status': 'change an order’s status',
  'orders.notes': 'add notes to orders',
  'orders.refund': 'refund orders',
  'orders.cancel': 'cancel orders',
  'orders.export': 'export orders',
  'labels.buy': 'buy or void postage labels',
  'labels.print': 'print labels and packing slips',
  'returns.read': 'read returns',
  'returns.receive': 'mark returns received',
  'returns.decide': 'approve or refuse returns',
  'customers.read': 'read customers',
  'customers.export': 'export customers’ data',
  'customers.erase': 'erase customers',
  'products.read': 'read products and stock',
  'products.manage': 'change products and prices',
  'stock.adjust': 'change stock counts',
  'discounts.manage': 'manage discount codes',
  'reviews.moderate': 'moderate reviews',
  'subscriptions.read': 'read subscriptions',
  'subscriptions.manage': 'pause or cancel subscriptions',
  'subscriptions.renew': 'renew subscriptions now',
  'analytics.read': 'read the sales figures',
  'settings.manage': 'read or change the store’s settings',
  'staff.manage': 'manage staff',
  'audit.read': 'read the activity log',
  'webhooks.manage': 'manage webhooks',
  'disputes.override': 'allow labels for a disputed order',
} as const;
export type Permission = keyof typeof PERMISSION_WORDS;
export const PERMISSIONS = Object.keys(PERMISSION_WORDS) as [Permission, ...Permission[]];

/** What a route needs: a permission, or only a signed-in admin of any role (`signed-in`: who am I). */
export type AdminAccess = Permission | 'signed-in';

const FULFILMENT: readonly Permission[] = [
  'orders.read',
  'orders.status',
  'orders.notes',
  'labels.buy',
  'labels.print',
  'returns.read',
  'returns.receive',
  'products.read',
  'stock.adjust',
];
const SUPPORT: readonly Permission[] = [
  'orders.read',
  'orders.notes',
  'returns.read',
  'customers.read',
  'products.read',
  'reviews.moderate',
  'subscriptions.read',
  'subscriptions.manage',
];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
  fulfilment: FULFILMENT,
  support: SUPPORT,
};

export const roleCan = (role: Role, permission: Permission): boolean => ROLE_PERMISSIONS[role].includes(permission);

/** The refusal a role gets for a permission it lacks. */
export const refusalFor = (role: Role, permission: Permission) => `Your role (${role}) cannot ${PERMISSION_WORDS[permission]}`;

export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', fulfilment: 'Fulfilment', support: 'Support' };
/** What each role may do, in a sentence for the Staff tab. */
export const ROLE_SUMMARIES: Record<Role, string> = {
  owner: 'everything, including refunds, settings, staff and the activity log',
  fulfilment: 'orders, labels and postage, status, notes, stock counts, returns received; no money, customers or settings',
  support: 'orders and customers to read, notes, reviews, subscriptions paused or cancelled; no money, labels or settings',
};

/** What GET /api/admin/me adds: the admin's role and its permissions. */
export interface AdminAccessInfo {
  role: Role;
  permissions: Permission[];
}

const roleField = z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}` });
export const USERNAME_PATTERN = /^[A-Za-z0-9._@-]{1,100}$/;
const username = requiredLine(100, 'Username is too long').regex(
  USERNAME_PATTERN,
  'Username may use letters, digits and . _ @ -',
);

/** POST /api/admin/staff. */
export const StaffInviteBodySchema = z.strictObject({ username, role: roleField });
export type StaffInviteBody = z.infer<typeof StaffInviteBodySchema>;

/** PUT /api/admin/staff/:id. */
export const StaffRoleBodySchema = z.strictObject({ role: roleField });
export type StaffRoleBody = z.infer<typeof StaffRoleBodySchema>;

/** How long a set-password link opens the page. */
export const SET_PASSWORD_LINK_HOURS = 24;

/** POST /api/admin/set-password (public: the link's token is the key). */
export const SetPasswordBodySchema = z.strictObject({
  token: requiredLine(1024, 'This link is not valid'),
  password: passwordText(200, 'Password is too long').min(1, 'Choose a password'),
});
export type SetPasswordBody = z.infer<typeof SetPasswordBodySchema>;

export interface StaffMember {
  id: number;
  username: string;
  role: Role;
  /** Whether the member has set a password (an invited member cannot sign in before). */
  active: boolean;
  createdAt: string;
}

export interface StaffInvited {
  id: number;
  username: string;
  role: Role;
  /** The one-time link (24 hours) to the dashboard's set-password page. */
  setPasswordUrl: string;
}
