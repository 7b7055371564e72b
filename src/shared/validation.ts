import { z } from 'zod';
import { REQUIRED } from './messages.ts';

export { REQUIRED };

export const requiredString = (max = 500) =>
  z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, `Must be at most ${max} characters`);

export const idParam = z.coerce
  .number({ error: 'Must be a number' })
  .int('Must be a whole number')
  .positive('Must be a positive number')
  .max(2_147_483_647, 'Too large');
