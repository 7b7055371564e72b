import type { ReactionReportSent } from '#shared/reaction-texts.ts';
import type { ReactionReportBody } from '#shared/reactions.ts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/reactions: a reaction report, e-mailed to the store owner (docs/decisions/0050). */
export const reportReaction = (body: ReactionReportBody) => api<ReactionReportSent>('/api/reactions', { method: 'POST', body });
