import { z } from 'zod';
import { singleLine } from './validation.ts';

/** The activity log (docs/decisions/0057): who did what in the dashboard, newest first. */

export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;
const CURSOR = 'cursor must be the entry id the Link header gives';

export const AuditQuerySchema = z.object({
  actor: singleLine(100, 'actor is too long').optional(),
  action: singleLine(100, 'action is too long').optional(),
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(AUDIT_PAGE_MAX, `limit must be at most ${AUDIT_PAGE_MAX}`)
    .default(AUDIT_PAGE_DEFAULT),
  cursor: z.coerce.number({ error: CURSOR }).int(CURSOR).positive(CURSOR).max(Number.MAX_SAFE_INTEGER, CURSOR).optional(),
});
export type AuditQuery = z.output<typeof AuditQuerySchema>;

export interface AuditEntry {
  id: number;
  /** When, ISO 8601. */
  at: string;
  /** The username who did it (or tried to sign in as); kept after the member is removed. */
  actor: string;
  /** The network it came from (IPv4 address or IPv6 /64). */
  network: string;
  /** What was done: the route's operation (`refundOrder`), or `signIn`, `signInFailed`, `signOut`. */
  action: string;
  targetType: string | null;
  targetId: string | null;
  /** In words: "order 1042 refunded 12.00". */
  summary: string;
}

export interface AuditPage {
  entries: AuditEntry[];
  /** The cursor of the next page, or null at the end (also in the `Link` header). */
  next: number | null;
}
