import { z } from 'zod';

/** SPEC §5: a required field left empty reads "Required", on the client and in the server's fieldErrors. */
export const REQUIRED = 'Required';

export const requiredString = (max = 500) =>
  z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, `Must be at most ${max} characters`);

export const idParam = z.coerce
  .number({ error: 'Must be a number' })
  .int('Must be a whole number')
  .positive('Must be a positive number')
  .max(2_147_483_647, 'Too large');
