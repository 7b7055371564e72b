import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '#shared/errors.ts';
import { CustomerDataQuerySchema, EraseCustomerBodySchema } from '#shared/privacy.ts';
import { CustomerDataSchema, CustomerErasedSchema } from '#shared/privacy-response-schemas.ts';
import { json } from '../../lib/answers.ts';
import { auditWords } from '../../lib/audit-words.ts';

/** The Customers tab's access and deletion requests (docs/decisions/0049); registered behind requireAdmin. */
export const adminPrivacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const privacy = app.services.privacy;
  const tags = ['Customers'];
  const rateLimit = { max: app.config.rateLimits.privacyRequestsPerMinute, timeWindow: 60_000 };

  app.get(
    '/api/admin/customers/data',
    {
      config: { permission: 'customers.export', rateLimit },
      schema: {
        tags,
        operationId: 'downloadCustomerData',
        summary: 'Download everything the store holds about an e-mail address',
        description:
          'For a customer’s access request (CCPA, Cal. Civ. Code §1798.110): their orders (lines, addresses, refunds, history), reviews, checkout reminders and their opt-out, discount codes’ uses, consents (age, news and offers), returns, the order-link e-mails and every e-mail sent to them, their subscriptions (terms, ship-to, the card’s last four digits, the consent, the history), and the erasures recorded for the address. The address is matched in any case and by its mailbox (a `+tag`, Gmail’s dots and googlemail.com are the same inbox); `addressesMatched` lists what matched. Sent as a file to save. 429 past the requests a client address has in a minute.',
        querystring: CustomerDataQuerySchema,
        response: { 200: json('Everything held for the address.', CustomerDataSchema), 429: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="customer-data-${new Date().toISOString().slice(0, 10)}.json"`);
      return privacy.data(req.query.email);
    },
  );

  app.post(
    '/api/admin/customers/erase',
    {
      config: { permission: 'customers.erase', rateLimit, audit: auditWords.customerErased },
      schema: {
        tags,
        operationId: 'eraseCustomer',
        summary: 'Erase a customer’s personal details',
        description:
          'For a customer’s deletion request (CCPA, Cal. Civ. Code §1798.105): names, e-mail, phone and street (and city) leave the address’s finished orders, whose amounts, refunds, dates, state and ZIP stay for the accounts and taxes; its reviews show no name; its reminders, codes’ e-mail bindings, review codes and sent e-mails’ addresses go; its subscriptions lose names, phone, street, city and address, and a running one is cancelled. Orders not finished (an open checkout, paid and not shipped) keep their details and are listed in `kept`: erase again once they are. The erasure is recorded (when, by whom, a keyed hash of the address). Erasing again is harmless. 429 past the requests a client address has in a minute.',
        body: EraseCustomerBodySchema,
        response: { 200: json('What was erased, and what was kept.', CustomerErasedSchema), 429: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return privacy.erase(req.body.email, req.adminName);
    },
  );
};
