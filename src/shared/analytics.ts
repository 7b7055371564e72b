import { z } from 'zod';
import { ANALYTICS_RANGES, DEFAULT_ANALYTICS_RANGE } from './analytics-types.ts';
import { singleLine } from './validation.ts';

/** POST /api/analytics/collect (docs/engineering.md §7): what the storefront's beacon may send. */
const id = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'must be a random id');
const short = singleLine(100).optional();

export const CollectBodySchema = z.strictObject({
  type: z.enum(['pageview', 'engagement', 'vitals', 'purchase']),
  path: singleLine(300).regex(/^\/[^\s]*$/, 'path must start with /'),
  referrer: singleLine(500).optional(),
  utm: z.strictObject({ source: short, medium: short, campaign: short }).optional(),
  visitorId: id,
  sessionId: id,
  /** engagement: visible time on the page, in ms. */
  engagedMs: z.number().int().min(0).max(86_400_000).optional(),
  /** vitals: the page's Core Web Vitals. */
  vitals: z
    .strictObject({
      lcp: z.number().min(0).max(600_000).optional(),
      inp: z.number().min(0).max(600_000).optional(),
      cls: z.number().min(0).max(100).optional(),
    })
    .optional(),
  /** purchase: the order the confirmation page showed. */
  orderId: z.number().int().positive().max(2_147_483_647).optional(),
});
export type CollectBody = z.infer<typeof CollectBodySchema>;

/** GET /api/analytics?range=: the period of the report (analytics-types.ts). */
export const AnalyticsQuerySchema = z.strictObject({
  range: z
    .enum(ANALYTICS_RANGES, { error: `range must be one of ${ANALYTICS_RANGES.join(', ')}` })
    .default(DEFAULT_ANALYTICS_RANGE),
});
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>;
