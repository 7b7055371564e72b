import type { FastifyBaseLogger } from 'fastify';
import { IppError, jobState, printPdf } from '../../lib/ipp.ts';

export interface PrintOutcome {
  printed: boolean;
  /** What to tell the owner: the job's state, or why nothing was printed. */
  message: string;
}

/** Printing over IPP to PRINTER_URL (docs/decisions/0013). */
export function createPrinting(printerUrl: string | undefined, log: FastifyBaseLogger) {
  return {
    /** Sends a PDF to the printer and checks the job for a moment; never throws. */
    async print(pdf: Buffer, jobName: string): Promise<PrintOutcome> {
      if (!printerUrl) {
        return {
          printed: false,
          message: 'No printer is configured (PRINTER_URL); the label can be downloaded with View Label.',
        };
      }
      try {
        const job = await printPdf(printerUrl, pdf, jobName);
        let state = job.state;
        // Accepted jobs are followed until the printer takes them (processing) or ends them.
        for (let i = 0; i < 10 && state === 'pending'; i++) {
          await new Promise((r) => setTimeout(r, 300));
          state = await jobState(printerUrl, job.jobId);
        }
        if (state === 'aborted' || state === 'canceled') {
          return { printed: false, message: `The printer ${state} job ${job.jobId}.` };
        }
        return { printed: true, message: `Sent to the printer (job ${job.jobId}, ${state}).` };
      } catch (err) {
        log.warn({ err }, 'printing failed');
        return { printed: false, message: err instanceof IppError ? err.message : 'Printer connection failed' };
      }
    },
  };
}
