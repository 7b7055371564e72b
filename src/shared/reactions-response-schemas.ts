import { z } from 'zod';
import type { ReactionReportSent } from './reaction-texts.ts';

/** The answer to a reaction report (docs/decisions/0023, 0050). */
export const ReactionReportSentSchema = z
  .object({ message: z.string().describe('What happens next, for the page to show') })
  .meta({ id: 'ReactionReportSent' }) satisfies z.ZodType<ReactionReportSent>;
