import { z } from 'zod';
import type { ContentPage } from './content.ts';

/** A guide or legal page as the browser's navigations fetch it (docs/decisions/0023, 0008). */
export const ContentPageSchema = z
  .object({
    path: z.string(),
    kind: z.enum(['guide', 'legal']),
    title: z.string(),
    description: z.string(),
    headline: z.string(),
    kicker: z.string(),
    lead: z.string(),
    published: z.string(),
    updated: z.string(),
    readingMinutes: z.number().int(),
    html: z.string().nullable().describe('The page’s body, rendered on the server'),
  })
  .meta({ id: 'ContentPage' }) satisfies z.ZodType<ContentPage>;
