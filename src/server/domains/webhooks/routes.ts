import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '#shared/admin.ts';
import { ErrorBodySchema } from '#shared/errors.ts';
import {
  WebhookCreateBodySchema,
  WebhookDeliveriesQuerySchema,
  WebhookDeliveryParamsSchema,
  WebhookUpdateBodySchema,
} from '#shared/webhooks.ts';
import {
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookEndpointListSchema,
  WebhookEndpointSchema,
  WebhookEndpointWithSecretSchema,
} from '#shared/webhooks-response-schemas.ts';
import { auditWords } from '../../lib/audit-words.ts';
import { json, noBody } from '../../lib/answers.ts';
import { nextPageLink } from '../../lib/next-page.ts';

/** The dashboard's Webhooks section (docs/decisions/0058); registered behind requireAdmin. */
export const adminWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const webhooks = app.services.webhooks;
  const tags = ['Webhooks'];
  app.get(
    '/api/admin/webhooks',
    {
      config: { permission: 'webhooks.manage' },
      schema: {
        tags,
        operationId: 'listWebhookEndpoints',
        summary: 'List the webhook endpoints',
        description: 'Each endpoint with its events; never its secret.',
        response: { 200: json('The endpoints, oldest first.', WebhookEndpointListSchema) },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return webhooks.list();
    },
  );
  app.post(
    '/api/admin/webhooks',
    {
      config: { permission: 'webhooks.manage', audit: auditWords.webhook('added') },
      schema: {
        tags,
        operationId: 'createWebhookEndpoint',
        summary: 'Add a webhook endpoint',
        description:
          'An https URL that resolves to public addresses only (unless WEBHOOKS_ALLOW_PRIVATE_URLS=true) and the events it takes. The answer carries the signing secret; it is shown this once. 409 past 20 endpoints.',
        body: WebhookCreateBodySchema,
        response: { 201: json('The endpoint and its signing secret.', WebhookEndpointWithSecretSchema), 409: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.status(201).send(await webhooks.create(req.body));
    },
  );
  app.put(
    '/api/admin/webhooks/:id',
    {
      config: { permission: 'webhooks.manage', audit: auditWords.webhook('changed') },
      schema: {
        tags,
        operationId: 'updateWebhookEndpoint',
        summary: 'Change a webhook endpoint',
        description: 'Its URL (checked as when added), its events, or whether it is enabled; what is not sent stays.',
        params: IdParamsSchema,
        body: WebhookUpdateBodySchema,
        response: { 200: json('The endpoint as saved.', WebhookEndpointSchema), 404: ErrorBodySchema },
      },
    },
    async (req) => webhooks.update(req.params.id, req.body),
  );
  app.delete(
    '/api/admin/webhooks/:id',
    {
      config: { permission: 'webhooks.manage', audit: auditWords.webhook('deleted') },
      schema: {
        tags,
        operationId: 'deleteWebhookEndpoint',
        summary: 'Delete a webhook endpoint',
        description: 'Its deliveries go with it; nothing more is sent to it.',
        params: IdParamsSchema,
        response: { 204: noBody('Deleted.'), 404: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      await webhooks.remove(req.params.id);
      return reply.status(204).send();
    },
  );
  app.post(
    '/api/admin/webhooks/:id/secret',
    {
      config: { permission: 'webhooks.manage', audit: auditWords.webhook('given a new secret') },
      schema: {
        tags,
        operationId: 'rotateWebhookSecret',
        summary: "Replace an endpoint's signing secret",
        description: 'Every attempt from now on is signed with the new secret, shown in this answer only.',
        params: IdParamsSchema,
        response: { 200: json('The endpoint and its new secret.', WebhookEndpointWithSecretSchema), 404: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return webhooks.rotateSecret(req.params.id);
    },
  );
  app.get(
    '/api/admin/webhooks/:id/deliveries',
    {
      config: { permission: 'webhooks.manage' },
      schema: {
        tags,
        operationId: 'listWebhookDeliveries',
        summary: "An endpoint's recent deliveries",
        description: 'Newest first, a page at a time (the next page in the Link header).',
        params: IdParamsSchema,
        querystring: WebhookDeliveriesQuerySchema,
        response: { 200: json('A page of deliveries.', WebhookDeliveryListSchema), 404: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      const { deliveries, next } = await webhooks.deliveries(req.params.id, req.query);
      reply.header('cache-control', 'no-store');
      if (next !== null) {
        reply.header('link', nextPageLink(`/api/admin/webhooks/${req.params.id}/deliveries`, req.query, ['limit'], next));
      }
      return deliveries;
    },
  );
  app.post(
    '/api/admin/webhooks/:id/deliveries/:deliveryId/resend',
    {
      config: { permission: 'webhooks.manage' },
      schema: {
        tags,
        operationId: 'resendWebhookDelivery',
        summary: 'Send a delivery again',
        description:
          'With the same webhook-id (a receiver that saw it already can tell), now, and retried for another day if it fails. 409 while an attempt is under way.',
        params: WebhookDeliveryParamsSchema,
        response: { 202: json('The delivery, queued.', WebhookDeliverySchema), 404: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (req, reply) => reply.status(202).send(await webhooks.resend(req.params.id, req.params.deliveryId)),
  );
};
