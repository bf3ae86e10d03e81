import { DEMO_ACCOUNTS, type DemoUsername } from '@ember/db/seed/demo-accounts';
import { createProductTokens } from '../modules/identity/product-token.ts';
import type { TestContext } from './test-app.ts';

/** A valid product JWT for a seeded demo account, as an Authorization header value. */
export async function bearerFor(ctx: Pick<TestContext, 'env'>, username: DemoUsername): Promise<string> {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.username === username);
  if (!account) throw new Error(`No demo account named ${username}`);
  const tokens = createProductTokens({ secret: ctx.env.JWT_SECRET, ttlSeconds: 3600 });
  const jwt = await tokens.sign({
    sub: String(account.id),
    discordId: account.discordId,
    roles: [...account.roles],
  });
  return `Bearer ${jwt}`;
}

/** Authorization headers for `app.inject`. */
export async function asUser(ctx: Pick<TestContext, 'env'>, username: DemoUsername) {
  return { authorization: await bearerFor(ctx, username) };
}
