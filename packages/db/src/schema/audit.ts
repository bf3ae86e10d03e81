import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/**
 * Append-only trail of staff actions and of money movements other than a customer's own purchase
 * (DESIGN convention 12). Written in the same transaction as the change it describes; a trigger
 * rejects UPDATE and DELETE, so nothing a staff member can do through the product erases it.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** Who acted; null for the system itself (jobs, webhooks). */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'no action' }),
    /** The role that allowed the action (ADMIN, OWNER, DEVELOPER, CUSTOMER, SYSTEM...). */
    actorRole: text('actor_role').notNull(),
    /** Policy action name, e.g. `subscription:refund`. */
    action: text('action').notNull(),
    targetKind: text('target_kind').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_events_created_at_idx').on(t.createdAt, t.id),
    index('audit_events_actor_id_created_at_idx')
      .on(t.actorId, t.createdAt)
      .where(sql`${t.actorId} is not null`),
    index('audit_events_target_created_at_idx').on(t.targetKind, t.targetId, t.createdAt),
    index('audit_events_action_created_at_idx').on(t.action, t.createdAt),
  ],
);

export type AuditEvent = typeof auditEvents.$inferSelect;
export type NewAuditEvent = typeof auditEvents.$inferInsert;
