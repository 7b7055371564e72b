import { and, desc, eq, lt } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { adminAudit } from '#db/schema/index.ts';

export type AuditInsert = typeof adminAudit.$inferInsert;
export type AuditRow = typeof adminAudit.$inferSelect;

export async function insertEntry(db: Tx, entry: AuditInsert): Promise<void> {
  await db.insert(adminAudit).values(entry);
}

/** Newest first, below the entry `cursor` when given; `limit` + 1 rows say whether more follow. */
export async function selectEntries(
  db: Tx,
  filter: { actor?: string | undefined; action?: string | undefined },
  page: { limit: number; cursor?: number | undefined },
): Promise<AuditRow[]> {
  return db
    .select()
    .from(adminAudit)
    .where(
      and(
        filter.actor ? eq(adminAudit.actor, filter.actor) : undefined,
        filter.action ? eq(adminAudit.action, filter.action) : undefined,
        page.cursor ? lt(adminAudit.id, page.cursor) : undefined,
      ),
    )
    .orderBy(desc(adminAudit.id))
    .limit(page.limit + 1);
}
