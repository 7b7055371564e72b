import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderEvent } from '#shared/order-events.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/orders/:id/timeline: everything that happened to the order, oldest first. */
export const getOrderTimeline = (id: number) => api<OrderEvent[]>(`/api/orders/${id}/timeline`);

export const orderTimelineQuery = (id: number) =>
  queryOptions({ queryKey: ['admin', 'order-timeline', id] as const, queryFn: () => getOrderTimeline(id) });

export const useOrderTimeline = (id: number, enabled: boolean) => useQuery({ ...orderTimelineQuery(id), enabled });
