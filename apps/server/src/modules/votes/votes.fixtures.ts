import { auditEvents } from '@ember/db/schema/audit';
import { subscriptions } from '@ember/db/schema/subscriptions';
import { users } from '@ember/db/schema/users';
import { votes } from '@ember/db/schema/votes';
import { and, eq } from 'drizzle-orm';
import type { TestContext } from '../../testing/test-app.ts';
import { createProductTokens } from '../identity/product-token.ts';

/** Sign-in headers issued at the app's own (possibly moved) time, as a client signing in then would have. */
export async function headersAt(ctx: TestContext, userId: number, clock: () => Date) {
  const [user] = await ctx.database.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`No user ${userId}`);
  const tokens = createProductTokens({
    secret: ctx.env.JWT_SECRET,
    ttlSeconds: ctx.env.JWT_TTL_SECONDS,
    clock,
  });
  const jwt = await tokens.sign({ sub: String(user.id), discordId: user.discordId, roles: user.roles });
  return { authorization: `Bearer ${jwt}` };
}

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
