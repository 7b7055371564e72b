import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '#shared/admin.ts';
import { ErrorBodySchema } from '#shared/errors.ts';
import { CreateLabelBodySchema } from '#shared/fulfilment.ts';
import { LabelCreatedSchema, ShippingQuoteSchema } from '#shared/fulfilment-response-schemas.ts';
import { AdminOrderSchema } from '#shared/orders-response-schemas.ts';
import { z } from 'zod';
import { file, json, sendPdf } from '../../lib/answers.ts';
import { auditWords } from '../../lib/audit-words.ts';

const PrintDoneSchema = z.object({ success: z.literal(true), message: z.string() }).meta({ id: 'PrintDone' });

/** Labels, packing slips and printing (docs/product.md §7); registered behind requireAdmin. */
export const adminFulfilmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const fulfilment = app.services.fulfilment;
  const params = IdParamsSchema;
  const tags = ['Fulfilment'];

  app.post(
    '/api/orders/:id/rates',
    {
      config: { permission: 'labels.buy' },
      schema: {
        tags,
        operationId: 'getShippingRates',
        summary: 'Quote the order’s parcel',
        description:
          'The label provider’s rates for the order’s parcel (its weight from the products’), cheapest first, kept as a quote to buy one of. 409 for an unpaid order, one without an address, one with a label, or an address the provider refuses; 503 when it does not answer.',
        params,
        response: {
          200: json('The quote: its id, the provider and its rates.', ShippingQuoteSchema),
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          503: ErrorBodySchema,
        },
      },
    },
    async (req) => fulfilment.rates(req.params.id),
  );
  app.post(
    '/api/orders/:id/create-label',
    {
      config: { permission: 'labels.buy', audit: auditWords.labelBought },
      schema: {
        tags,
        operationId: 'createLabel',
        summary: 'Buy and print the order’s shipping label',
        description:
          'The rate chosen from a quote (`{quoteId, rateId}`), or without a body the cheapest rate of a new quote. One label per order: asking again prints the same one. Printed when a printer is set. 409 for an unpaid order or one without an address, and for an order whose payment has an open or lost dispute until the owner allows labels for it (`POST /api/admin/orders/:id/dispute-override`); 503 when the provider does not answer (ask for the rates again).',
        params,
        body: CreateLabelBodySchema,
        response: {
          200: json('The order with its tracking number, and whether the label was printed.', LabelCreatedSchema),
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          503: ErrorBodySchema,
        },
      },
    },
    async (req) => fulfilment.createLabel(req.params.id, req.body ?? null, { admin: req.adminName }),
  );
  app.delete(
    '/api/orders/:id/label',
    {
      config: { permission: 'labels.buy', audit: auditWords.labelVoided },
      schema: {
        tags,
        operationId: 'voidLabel',
        summary: 'Void the order’s label',
        params,
        response: { 200: json('The order without its label.', AdminOrderSchema), 404: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (req) => fulfilment.voidLabel(req.params.id, { admin: req.adminName }),
  );

  app.get(
    '/api/orders/:id/label',
    {
      config: { permission: 'labels.print' },
      schema: {
        tags,
        operationId: 'getLabelPdf',
        summary: 'Get the order’s label (4×6 PDF)',
        params,
        response: { 200: file('The label.', 'application/pdf'), 404: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (req, reply) => sendPdf(reply, await fulfilment.labelFile(req.params.id), `label-${req.params.id}.pdf`),
  );
  app.get(
    '/api/orders/:id/packing-slip',
    {
      config: { permission: 'labels.print' },
      schema: {
        tags,
        operationId: 'getPackingSlipPdf',
        summary: 'Get the order’s packing slip (PDF)',
        params,
        response: { 200: file('The packing slip.', 'application/pdf'), 404: ErrorBodySchema },
      },
    },
    async (req, reply) => sendPdf(reply, await fulfilment.packingSlip(req.params.id), `packing-slip-${req.params.id}.pdf`),
  );

  app.post(
    '/api/test-print',
    {
      config: { permission: 'labels.print' },
      schema: {
        tags,
        operationId: 'testPrint',
        summary: 'Print a test page',
        description: '503 when the printer cannot be reached or no printer is set.',
        response: { 200: json('Printed.', PrintDoneSchema), 503: ErrorBodySchema },
      },
    },
    async () => {
      const outcome = await fulfilment.testPrint();
      return { success: true as const, message: outcome.message };
    },
  );
};
