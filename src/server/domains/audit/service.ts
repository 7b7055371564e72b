import type { AuditEntry, AuditQuery } from '#shared/audit.ts';
import type { Database, Tx } from '#db/client.ts';
import * as repo from './repo.ts';

export type AuditService = ReturnType<typeof createAuditService>;

/** One row of the activity log: who (kept as text), from where, what, on what, in words. */
export interface AuditRecord {
  actorId: number | null;
  actor: string;
  network: string;
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  summary: string;
}

const MAX_SUMMARY = 500;
/** Control characters (a log line's forged newline) become spaces; long texts are cut. */
const clean = (text: string, max: number) => text.replace(/[\p{Cc}\p{Cf}]+/gu, ' ').slice(0, max);

const toRow = (r: AuditRecord): repo.AuditInsert => ({
  actorId: r.actorId,
  actor: clean(r.actor, 100),
  network: clean(r.network, 64),
  action: clean(r.action, 100),
  targetType: r.targetType ? clean(r.targetType, 50) : null,
  targetId: r.targetId ? clean(r.targetId, 100) : null,
  summary: clean(r.summary, MAX_SUMMARY),
});

/**
 * The activity log (docs/decisions/0057; NIST SP 800-53 AU-3): every admin write and every sign-in
 * attempt. Texts come from the routes' describers, never from a request's body as such, so no
 * password, code or token reaches it.
 */
export function createAuditService(db: Database) {
  return {
    async record(entry: AuditRecord): Promise<void> {
      await repo.insertEntry(db, toRow(entry));
    },

    /** The same, inside the transaction of the change it records. */
    async recordIn(tx: Tx, entry: AuditRecord): Promise<void> {
      await repo.insertEntry(tx, toRow(entry));
    },

    async list(query: AuditQuery): Promise<{ entries: AuditEntry[]; next: number | null }> {
      const rows = await repo.selectEntries(db, query, query);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        entries: page.map((r) => ({
          id: r.id,
          at: r.at.toISOString(),
          actor: r.actor,
          network: r.network,
          action: r.action,
          targetType: r.targetType,
          targetId: r.targetId,
          summary: r.summary,
        })),
        next: rows.length > query.limit && last ? last.id : null,
      };
    },
  };
}
