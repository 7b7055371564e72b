import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '#shared/errors.ts';
import { ReactionReportBodySchema } from '#shared/reactions.ts';
import { ReactionReportSentSchema } from '#shared/reactions-response-schemas.ts';
import { json } from '../../lib/answers.ts';

/** The largest report body accepted: the longest fields, escaped, with room to spare. */
const BODY_LIMIT = 32 * 1024;

export const reactionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/reactions',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: ['Safety'],
        operationId: 'reportReaction',
        summary: 'Report a reaction to a product',
        description:
          'What happened, with which product and on which day, e-mailed to the store owner; an e-mail address only when the shopper agrees to be contacted. 429 past the reports a client network may send in an hour (`RATE_LIMIT_REACTION_REPORTS_PER_IP_PER_HOUR`) or the store may receive (`RATE_LIMIT_REACTION_REPORTS_PER_HOUR`); 413 for a body over 32 KB.',
        body: ReactionReportBodySchema,
        response: {
          202: json('The report is on its way to the owner.', ReactionReportSentSchema),
          400: ErrorBodySchema,
          413: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.status(202).send(await app.services.reactions.report(req.body, req.network));
    },
  );
};
