import type { RestoreResult } from '#shared/recovery.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/recover/:token: the reminder's checkout back in this browser's cart, with its shipping
 * details. Throws ApiError otherwise: 404, the link opens nothing; 409, the checkout was paid since
 * (or its payment is set aside), with the server's message.
 */
export const restoreCheckout = (token: string, sessionId: string) =>
  api<RestoreResult>(`/api/recover/${encodeURIComponent(token)}`, { method: 'POST', body: { sessionId } });
