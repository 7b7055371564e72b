import { z } from 'zod';

/**
 * The one error body every 4xx/5xx carries (docs/house.md rule 4). A route lists the error
 * statuses it answers with this schema; the API description (component `Error`) refers to it.
 */
export const ErrorBodySchema = z
  .object({
    message: z.string(),
    code: z.string().optional(),
    fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
