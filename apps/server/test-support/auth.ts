import type { Role } from '@ember/contracts/enums';
import { DEMO_ACCOUNTS, type DemoUsername } from '@ember/db/demo/demo-accounts';
import { users } from '@ember/db/schema/users';
import { eq } from 'drizzle-orm';
import { createProductTokens } from '../src/modules/identity/product-token.ts';
import type { TestContext } from './test-app.ts';

// The one place tests mint product JWTs (issue 23, item 8): for a demo account by name, or for any
// account in the database by id, signed now or at a moved test clock.

/** An hour: longer than any test, and what the app's JWT_TTL_SECONDS defaults to. */
const TOKEN_TTL_SECONDS = 3600;

interface SignOptions {
  /** Issue the token at this time (a test clock moved forward), so calls keep working after it moves. */
  clock?: () => Date;
}

interface TokenSubject {
  id: number;
  discordId: string;
  roles: readonly Role[];
}

async function bearerOf(ctx: Pick<TestContext, 'env'>, subject: TokenSubject, { clock }: SignOptions) {
  const tokens = createProductTokens({
    secret: ctx.env.JWT_SECRET,
    ttlSeconds: TOKEN_TTL_SECONDS,
    clock,
  });
  const jwt = await tokens.sign({
    sub: String(subject.id),
    discordId: subject.discordId,
    roles: [...subject.roles],
  });
  return `Bearer ${jwt}`;
}

/** A valid product JWT for a seeded demo account, as an Authorization header value. */
export async function bearerFor(
  ctx: Pick<TestContext, 'env'>,
  username: DemoUsername,
  options: SignOptions = {},
): Promise<string> {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.username === username);
  if (!account) throw new Error(`No demo account named ${username}`);
  return bearerOf(ctx, account, options);
}

/** Authorization headers for `app.inject`, as a demo account. */
export async function asUser(
  ctx: Pick<TestContext, 'env'>,
  username: DemoUsername,
  options: SignOptions = {},
) {
  return { authorization: await bearerFor(ctx, username, options) };
}

/** Authorization headers for any account in the database (demo studios and new users included). */
export async function headersFor(
  ctx: Pick<TestContext, 'env' | 'database'>,
  userId: number,
  options: SignOptions = {},
) {
  const [user] = await ctx.database.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`No user ${userId}`);
  return { authorization: await bearerOf(ctx, user, options) };
}
