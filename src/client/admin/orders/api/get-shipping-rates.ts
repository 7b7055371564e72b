import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShippingQuote } from '#shared/fulfilment.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/orders/:id/rates: the label provider's rates for the order's parcel, cheapest first, kept
 * by the server as a quote to buy one of. A POST, as each call asks the provider for a new quote.
 */
export const getShippingRates = (id: number) => api<ShippingQuote>(`/api/orders/${id}/rates`, { method: 'POST' });

/**
 * Asked when the postage dialog opens, and forgotten when it closes (gcTime 0): prices move and a quote
 * expires, so every opening asks again. Not retried: the dialog shows the provider's refusal or
 * silence with "Try again".
 */
export const shippingRatesQuery = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'shipping-rates', id] as const,
    queryFn: () => getShippingRates(id),
    retry: false,
    gcTime: 0,
  });

export const useShippingRates = (id: number) => useQuery(shippingRatesQuery(id));
