import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';

/** Printing (SPEC §7 POST /api/test-print); registered behind requireAdmin. */
export const adminFulfilmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/test-print', async () => {
    if (!app.config.printerUrl) {
      throw new AppError('conflict', 'No printer is configured. Set PRINTER_URL to print labels and test pages.');
    }
    // Printing over IPP arrives with the fulfilment work; until then a configured printer is not used.
    throw new AppError('conflict', `Printing to ${app.config.printerUrl} is not available yet.`);
  });
};
