import { z } from 'zod';
import { SessionIdSchema } from './cart.ts';

/** The reminder links' requests (docs/decisions/0041), parsed by the server. */

/**
 * A signed link's token in the path. Only its length is checked here: whatever does not verify
 * (malformed, altered, expired, another link's) gets the same 404 from the service.
 */
export const RecoveryTokenParamsSchema = z.object({
  token: z.string().min(1, 'The link is incomplete').max(500, 'The link is too long'),
});

/** POST /api/recover/:token: the browser's cart session, where the checkout's lines go back. */
export const RestoreBodySchema = z.strictObject({ sessionId: SessionIdSchema });
