import { z } from 'zod';

/** The one error body every 4xx/5xx carries (docs/house.md rule 4). */
export const ErrorBodySchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
