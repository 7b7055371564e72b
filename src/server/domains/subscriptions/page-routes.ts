import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '#shared/errors.ts';
import {
  CardCompleteBodySchema,
  CardConfirmBodySchema,
  SubscriptionChangeBodySchema,
  SubscriptionTokenParamsSchema,
} from '#shared/subscription-page-schemas.ts';
import {
  CardConfirmResultSchema,
  CardSetupStartedSchema,
  SubscriptionPageViewSchema,
} from '#shared/subscription-page-response-schemas.ts';
import { json } from '../../lib/answers.ts';

const ACTIONS = {
  skip: {
    operationId: 'skipSubscriptionDelivery',
    summary: 'Skip the next delivery',
    description:
      'The next renewal date moves on by one interval; its notice and confirmation are forgotten. 409 while paused or once cancelled.',
  },
  pause: {
    operationId: 'pauseSubscription',
    summary: 'Pause the subscription',
    description: 'No renewal until it is resumed. Asked again, the same answer. 409 once cancelled.',
  },
  resume: {
    operationId: 'resumeSubscription',
    summary: 'Resume a paused subscription',
    description:
      'The next renewal is on the date it had when it is still at least a day ahead, else a day from now: resuming never charges at once. Asked again, the same answer. 409 once cancelled.',
  },
  cancel: {
    operationId: 'cancelSubscription',
    summary: 'Cancel the subscription in one click',
    description:
      'No renewal after it; the confirmation e-mail goes to the subscription’s address once. Asked again, the same answer, and no second e-mail (Cal. Bus. & Prof. Code §17602(d)).',
  },
} as const;

/** The shopper's subscription page calls (docs/decisions/0054): the signed token in the path is the key. */
export const subscriptionPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const pages = app.services.subscriptions.pages;
  // Every call of the page, per client network: a guessed token opens nothing, and a script cannot hammer one.
  const limit = { rateLimit: { max: app.config.rateLimits.subscriptionPagePerMinute, timeWindow: 60_000 } };
  const tags = ['Subscriptions'];
  const invalid = '404 with one message for a token that opens nothing (unknown, forged, expired, of another purpose).';

  app.get(
    '/api/subscriptions/:token',
    {
      config: limit,
      schema: {
        tags,
        operationId: 'getSubscriptionPage',
        summary: 'Read a subscription’s page',
        description: `The subscription the token opens: its items at today’s prices less the discount, the next date and amount (with shipping, before tax), the interval and those offered, the card’s last four digits and the recent history. ${invalid}`,
        params: SubscriptionTokenParamsSchema,
        response: {
          200: json('The subscription as its shopper sees it.', SubscriptionPageViewSchema),
          404: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return pages.view(req.params.token);
    },
  );

  for (const [action, doc] of Object.entries(ACTIONS) as [keyof typeof ACTIONS, (typeof ACTIONS)[keyof typeof ACTIONS]][]) {
    app.post(
      `/api/subscriptions/:token/${action}`,
      {
        config: limit,
        schema: {
          tags,
          ...doc,
          description: `${doc.description} ${invalid}`,
          params: SubscriptionTokenParamsSchema,
          response: {
            200: json('The subscription after it.', SubscriptionPageViewSchema),
            404: ErrorBodySchema,
            409: ErrorBodySchema,
            429: ErrorBodySchema,
          },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return pages[action](req.params.token);
      },
    );
  }

  app.put(
    '/api/subscriptions/:token',
    {
      config: limit,
      schema: {
        tags,
        operationId: 'changeSubscription',
        summary: 'Change the interval or “ask me first”',
        description: `\`intervalWeeks\`: one the products offer today, or the current one (400 otherwise); the next date becomes the last renewal (or the start) plus the new interval, and at least a day from now. \`askFirst\`: each renewal waits for the shopper’s confirmation from its notice. 409 once cancelled. ${invalid}`,
        params: SubscriptionTokenParamsSchema,
        body: SubscriptionChangeBodySchema,
        response: {
          200: json('The subscription after it.', SubscriptionPageViewSchema),
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return pages.change(req.params.token, req.body);
    },
  );

  app.post(
    '/api/subscriptions/:token/card',
    {
      config: limit,
      schema: {
        tags,
        operationId: 'startSubscriptionCardChange',
        summary: 'Start replacing the subscription’s card',
        description: `A setup at the payment provider for the subscription’s customer (Stripe: a SetupIntent for the Payment Element; the built-in provider: its test card form, \`POST /api/payments/test/setup/confirm\`). 503 when the provider takes no new cards this way. 409 once cancelled. ${invalid}`,
        params: SubscriptionTokenParamsSchema,
        response: {
          200: json('The setup and its client secret.', CardSetupStartedSchema),
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          429: ErrorBodySchema,
          503: ErrorBodySchema,
        },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return pages.startCard(req.params.token);
    },
  );

  app.post(
    '/api/subscriptions/:token/card/confirm',
    {
      config: limit,
      schema: {
        tags,
        operationId: 'confirmSubscriptionCardChange',
        summary: 'Confirm the new card’s setup from the server (Stripe)',
        description: `With Stripe: the card form's ConfirmationToken confirms the setup (as the checkout's payments are confirmed by the server); \`requires_action\` asks the page to let the shopper's bank authenticate them, then to call again without a token; \`succeeded\`, then \`/card/complete\`. A decline answers \`requires_payment_method\` with its message. 409 for another subscription's setup, or once cancelled. 503 when the provider has no setups. ${invalid}`,
        params: SubscriptionTokenParamsSchema,
        body: CardConfirmBodySchema,
        response: {
          200: json('The setup’s status.', CardConfirmResultSchema),
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          429: ErrorBodySchema,
          503: ErrorBodySchema,
        },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return pages.confirmCard(req.params.token, req.body.setupId, req.body.confirmationToken ?? null);
    },
  );

  app.post(
    '/api/subscriptions/:token/card/complete',
    {
      config: limit,
      schema: {
        tags,
        operationId: 'completeSubscriptionCardChange',
        summary: 'Use the card a finished setup saved',
        description: `The subscription’s card becomes the one the setup saved (its brand and last four digits shown); failed tries are kept for the renewals to decide. 409 when the setup is not finished or is not this subscription’s customer’s, or once cancelled. 503 when the provider has no setups. ${invalid}`,
        params: SubscriptionTokenParamsSchema,
        body: CardCompleteBodySchema,
        response: {
          200: json('The subscription with its new card.', SubscriptionPageViewSchema),
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          429: ErrorBodySchema,
          503: ErrorBodySchema,
        },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return pages.completeCard(req.params.token, req.body.setupId);
    },
  );
};
