import type { RestorePaid, RestoreResult } from '#shared/recovery.ts';
import { ApiError, api } from '../../../lib/api-client.ts';

export type RestoreAnswer = { kind: 'restored'; result: RestoreResult } | { kind: 'paid'; orderPage: string | null };

/** The order page's path in a 409's body (`{message, code, orderPage}`), which ApiError keeps as its text. */
function orderPageOf(err: ApiError): string | null {
  try {
    const body = JSON.parse(err.message.slice(`${err.status}: `.length)) as Partial<RestorePaid>;
    return typeof body.orderPage === 'string' && body.orderPage.startsWith('/orders/') ? body.orderPage : null;
  } catch {
    return null;
  }
}

/**
 * POST /api/recover/:token: the reminder's checkout back in this browser's cart, with its shipping
 * details; or, when it was paid since, its order's page. Throws ApiError otherwise (404: the link
 * opens nothing).
 */
export async function restoreCheckout(token: string, sessionId: string): Promise<RestoreAnswer> {
  try {
    const result = await api<RestoreResult>(`/api/recover/${encodeURIComponent(token)}`, { method: 'POST', body: { sessionId } });
    return { kind: 'restored', result };
  } catch (err) {
    if (err instanceof ApiError && err.status === 409) return { kind: 'paid', orderPage: orderPageOf(err) };
    throw err;
  }
}
