import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  WebhookCreateBody,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
  WebhookUpdateBody,
} from '#shared/webhooks.ts';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../ui/toast.tsx';

/** The Webhooks section's requests (docs/api.md "Webhooks"). */

export const WEBHOOKS_KEY = ['admin', 'webhooks'] as const;
const deliveriesKey = (id: number) => [...WEBHOOKS_KEY, id, 'deliveries'] as const;

/** GET /api/admin/webhooks: the endpoints, without their secrets. */
export const useWebhooks = () =>
  useQuery({ queryKey: WEBHOOKS_KEY, queryFn: () => api<WebhookEndpoint[]>('/api/admin/webhooks') });

/** GET /api/admin/webhooks/:id/deliveries: the newest 10, while the endpoint's deliveries are open. */
export const useDeliveries = (id: number) =>
  useQuery({
    queryKey: deliveriesKey(id),
    queryFn: () => api<WebhookDelivery[]>(`/api/admin/webhooks/${id}/deliveries?limit=10`),
    refetchInterval: 5000,
  });

/** POST /api/admin/webhooks: the answer carries the secret, shown once. No failure toast: the form shows the message. */
export function useCreateWebhookMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookCreateBody) => api<WebhookEndpointWithSecret>('/api/admin/webhooks', { method: 'POST', body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}

/** PUT /api/admin/webhooks/:id: here, enabled on or off. */
export function useUpdateWebhookMutation(endpoint: WebhookEndpoint) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookUpdateBody) => api<WebhookEndpoint>(`/api/admin/webhooks/${endpoint.id}`, { method: 'PUT', body }),
    meta: { failure: (err) => ({ title: 'Not Saved', description: errorMessage(err, 'The endpoint could not be changed') }) },
    onSuccess: (saved) =>
      toast({
        title: saved.enabled ? 'Endpoint Enabled' : 'Endpoint Disabled',
        description: saved.enabled ? 'Events are sent to it again' : 'No events are sent to it until you enable it',
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}

/** DELETE /api/admin/webhooks/:id. No failure toast: the confirmation shows the message. */
export function useDeleteWebhookMutation(endpoint: WebhookEndpoint) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>(`/api/admin/webhooks/${endpoint.id}`, { method: 'DELETE' }),
    onSuccess: () => toast({ title: 'Endpoint Deleted', description: 'No more events are sent to it' }),
    onSettled: () => qc.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}

/** POST /api/admin/webhooks/:id/deliveries/:deliveryId/resend: the same event, with the same webhook-id. */
export function useResendMutation(endpointId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) =>
      api<WebhookDelivery>(`/api/admin/webhooks/${endpointId}/deliveries/${deliveryId}/resend`, { method: 'POST' }),
    meta: { failure: (err) => ({ title: 'Not Sent', description: errorMessage(err, 'The delivery could not be sent again') }) },
    onSuccess: (d) => toast({ title: 'Sending Again', description: `${d.eventType} is on its way` }),
    onSettled: () => qc.invalidateQueries({ queryKey: deliveriesKey(endpointId) }),
  });
}
