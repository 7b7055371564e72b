import { z } from 'zod';
import { REQUIRED } from './messages.ts';
import { REACTION_LIMITS } from './reaction-texts.ts';
import { dayText, multiLine, requiredLine, singleLine } from './validation.ts';

/** "Report a reaction" on the safety page (docs/decisions/0050): a shopper tells the owner what happened. */

const DAY_MS = 86_400_000;
const EARLIEST = '2000-01-01';

const emailText = singleLine(REACTION_LIMITS.email).refine(
  (v) => v === '' || z.email().safeParse(v).success,
  'Enter a valid e-mail address, or leave it empty',
);

/** POST /api/reactions: what happened, with which product, on which day; an address only to be contacted. */
export const ReactionReportBodySchema = z
  .strictObject({
    whatHappened: multiLine(REACTION_LIMITS.whatHappened).min(1, REQUIRED),
    product: requiredLine(REACTION_LIMITS.product),
    when: dayText('The day')
      // a day ahead of UTC's today, for a shopper east of it
      .refine((v) => new Date(`${v}T00:00:00Z`).getTime() <= Date.now() + DAY_MS, 'Must not be in the future')
      .refine((v) => v >= EARLIEST, 'Must be after 1999'),
    email: emailText.optional(),
    mayContact: z.boolean({ error: 'Must be true or false' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.mayContact && !v.email) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'Enter an e-mail address so we can contact you' });
    }
  });
export type ReactionReportBody = z.input<typeof ReactionReportBodySchema>;
