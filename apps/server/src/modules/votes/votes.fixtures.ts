import { auditEvents } from '@ember/db/schema/audit';
import { subscriptions } from '@ember/db/schema/subscriptions';
import { votes } from '@ember/db/schema/votes';
import { and, eq } from 'drizzle-orm';
import type { TestContext } from '../../../test-support/test-app.ts';

export const votesOf = (ctx: TestContext, userId: number) =>
  ctx.database.db.select().from(votes).where(eq(votes.userId, userId));

export const voteAuditEventsOf = (ctx: TestContext, userId: number) =>
  ctx.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, 'vote:cast'), eq(auditEvents.actorId, userId)));

export async function expireDateOf(ctx: TestContext, subscriptionId: number) {
  const [row] = await ctx.database.db
    .select({ expireDate: subscriptions.expireDate })
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId));
  return row?.expireDate ?? null;
}
