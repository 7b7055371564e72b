import type { OrderLinksSent } from '#shared/order-status.ts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/order-status/links: the links to the orders of an address, e-mailed to it (one answer for every address). */
export const emailOrderLinks = (email: string) =>
  api<OrderLinksSent>('/api/order-status/links', { method: 'POST', body: { email } });
