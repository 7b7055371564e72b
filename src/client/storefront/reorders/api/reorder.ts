import type { ReorderResult } from '#shared/reorders.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/reorder/:token: the reminded order's items in this browser's cart at today's prices,
 * with its shipping details. Throws ApiError otherwise: 404, the link opens nothing.
 */
export const reorderFromLink = (token: string, sessionId: string) =>
  api<ReorderResult>(`/api/reorder/${encodeURIComponent(token)}`, { method: 'POST', body: { sessionId } });
