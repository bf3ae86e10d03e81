import { randomInt } from 'node:crypto';
import type { Role } from '@ember/contracts/enums';
import { postJournal } from '@ember/db/books/post-journal';
import { openingBalanceJournal } from '@ember/db/books/wallet-journals';
import { createDbClient, type DbClient } from '@ember/db/client';
import { prices } from '@ember/db/schema/catalog';
import { subscriptions } from '@ember/db/schema/subscriptions';
import { users } from '@ember/db/schema/users';
import { makeSubscription, makeUser } from '@ember/db/seed/factories';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { e2eDatabaseUrl } from './e2e-database.ts';
import { type SignedInAccount as DemoAccount, expectSignedIn } from './stored-sessions.ts';
import { test as base, expect } from './test.ts';

/**
 * Fresh accounts for the browser tests (decision 0048, in the way of epic-stack's
 * playwright-utils): a test that changes an account (its credits, VIP, orders, a ban, a transfer)
 * makes its own instead of changing a demo account other tests read, so no test waits for another.
 * The row is written with the seed factories, every credit through an opening-balance journal (the
 * books hold), and the browser signs in through the real OAuth2 flow against the development
 * Discord, as a user Discord knows and the store has never seen. Accounts stay in the run's
 * database afterwards: their journals are part of the books, and the database is dropped before
 * the next run.
 */
export interface AccountWish {
  roles?: Role[];
  credits?: number;
  earnings?: number;
  /** Days of VIP from now. */
  vipDays?: number;
  displayName?: string;
  /** Free 30-day subscriptions to this many of the seed's prices (rows without money, as a gift of staff's would be). */
  subscriptions?: number;
}

export interface Account {
  id: number;
  username: string;
  displayName: string;
  discordId: string;
}

export interface AccountInBrowser extends Account {
  page: Page;
  context: BrowserContext;
}

let made = 0;

/** A username Discord allows and no other test (or worker, or run) picks. */
const freshUsername = () =>
  `e2e_${process.env.TEST_WORKER_INDEX ?? 0}_${++made}_${randomInt(1e9).toString(36)}`;

export async function createAccount(database: DbClient, wish: AccountWish): Promise<Account> {
  const username = freshUsername();
  return database.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values(
        makeUser({
          username,
          displayName: wish.displayName ?? `Player ${username.slice(4)}`,
          discordId: `8${randomInt(1e9).toString().padStart(9, '0')}${randomInt(1e9).toString().padStart(9, '0')}`,
          roles: ['CUSTOMER', ...(wish.roles ?? [])],
          vipUntil: wish.vipDays ? new Date(Date.now() + wish.vipDays * 86_400_000) : null,
        }),
      )
      .returning();
    if (!user) throw new Error('no account was written');
    for (const [account, amount] of [
      ['CREDITS', wish.credits ?? 0],
      ['EARNINGS', wish.earnings ?? 0],
    ] as const) {
      if (amount > 0)
        await postJournal(
          tx,
          openingBalanceJournal({ userId: user.id, account, amount, description: 'Browser test account' }),
        );
    }
    if (wish.subscriptions) {
      const offered = await tx
        .select({ planId: prices.planId, priceId: prices.id })
        .from(prices)
        .orderBy(prices.id)
        .limit(wish.subscriptions);
      await tx
        .insert(subscriptions)
        .values(offered.map((price) => makeSubscription({ userId: user.id, ...price })));
    }
    return { id: user.id, username, displayName: user.displayName, discordId: user.discordId };
  });
}

/**
 * Signs `context` in over HTTP (no page loads): the store's authorize redirect, the development
 * Discord's consent form (a demo account's button, or "another Discord user" for a fresh account),
 * the code exchange. The context's pages then restore the session from its cookies, as after a
 * real sign-in.
 */
export async function signInContext(context: BrowserContext, who: Account | DemoAccount): Promise<void> {
  const start = await context.request.get('/api/identity/discord/authorize', { maxRedirects: 0 });
  expect(start.status(), 'the store redirects to Discord').toBe(302);
  const authorize = new URL(start.headers().location ?? '');
  const asWho: Record<string, string> =
    typeof who === 'string'
      ? { username: who }
      : { username: who.username, discord_id: who.discordId, global_name: who.displayName, new_user: '1' };
  const approve = await context.request.post(authorize.toString(), {
    maxRedirects: 0,
    form: {
      client_id: authorize.searchParams.get('client_id') ?? '',
      redirect_uri: authorize.searchParams.get('redirect_uri') ?? '',
      state: authorize.searchParams.get('state') ?? '',
      ...asWho,
    },
  });
  expect(approve.status(), await approve.text()).toBe(302);
  const back = new URL(approve.headers().location ?? '');
  const exchange = await context.request.post(
    `/api/identity/discord/token?${new URLSearchParams({
      code: back.searchParams.get('code') ?? '',
      state: back.searchParams.get('state') ?? '',
      redirectUri: `${back.origin}${back.pathname}`,
    })}`,
  );
  expect(exchange.status(), await exchange.text()).toBe(200);
}

interface AccountFixtures {
  /** A fresh account, not signed in anywhere (e.g. the target of an admin's action). */
  newAccount(wish?: AccountWish): Promise<Account>;
  /**
   * A fresh account signed in, in a new 1280 x 900 context of its own, on `url` (/shop), or on no
   * page yet with `url: null` (for a test that changes the account's data before its first page).
   */
  signedInAccount(
    wish?: AccountWish,
    contextOptions?: Parameters<Browser['newContext']>[0],
    url?: string | null,
  ): Promise<AccountInBrowser>;
}

export const test = base.extend<AccountFixtures, { accountsDatabase: DbClient }>({
  accountsDatabase: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixtures take their dependencies as a pattern.
    async ({}, use) => {
      const database = createDbClient({ databaseUrl: e2eDatabaseUrl(), maxConnections: 2 });
      await use(database);
      await database.close();
    },
    { scope: 'worker' },
  ],
  newAccount: async ({ accountsDatabase }, use) => {
    await use((wish = {}) => createAccount(accountsDatabase, wish));
  },
  signedInAccount: async ({ accountsDatabase, browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (wish = {}, contextOptions = {}, url: string | null = '/shop') => {
      const account = await createAccount(accountsDatabase, wish);
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...contextOptions });
      contexts.push(context);
      await signInContext(context, account);
      const page = await context.newPage();
      if (url !== null) {
        await page.goto(url);
        await expectSignedIn(page);
      }
      return { ...account, page, context };
    });
    for (const context of contexts) await context.close();
  },
});

export * from './test.ts';
