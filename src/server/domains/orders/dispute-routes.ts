import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '#shared/admin.ts';
import { DisputeOverrideBodySchema } from '#shared/disputes.ts';
import { OrderDisputesSchema } from '#shared/disputes-response-schemas.ts';
import { ErrorBodySchema } from '#shared/errors.ts';
import { json } from '../../lib/answers.ts';
import { auditWords } from '../../lib/audit-words.ts';

/** The owner's calls about an order's disputes (docs/decisions/0059); registered behind requireAdmin. */
export const adminDisputeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { disputes } = app.services.orders;

  app.post(
    '/api/admin/orders/:id/dispute-override',
    {
      config: { permission: 'disputes.override', audit: auditWords.disputeOverride },
      schema: {
        tags: ['Orders'],
        operationId: 'overrideOrderDispute',
        summary: 'Allow labels for a disputed order',
        description:
          'Labels are refused (409) for an order whose payment has an open or lost dispute. The owner confirms (`confirm: true`) that labels may be bought and printed for this order anyway; recorded in its history with the note. Sent again, it changes nothing. 409 when the order has no dispute that refuses labels.',
        params: IdParamsSchema,
        body: DisputeOverrideBodySchema,
        response: {
          200: json('The order’s disputes, labels now allowed.', OrderDisputesSchema),
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (req) => disputes.override(req.params.id, { admin: req.adminName }, req.body.note),
  );
};
