import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Owned by the audit domain (docs/decisions/0057): who did what in the dashboard. The actor is kept
 * as text (and its id without a foreign key), so a row outlives the member who made it.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    actor: text('actor').notNull(),
    network: text('network').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    summary: text('summary').notNull(),
  },
  (t) => [index('admin_audit_actor_idx').on(t.actor, t.id), index('admin_audit_action_idx').on(t.action, t.id)],
);
