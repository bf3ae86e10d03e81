import { DEMO_ACCOUNTS, DEMO_USER_IDS, type DemoAccount, STUDIO_ACCOUNTS } from '../../demo/demo-accounts.ts';
import { type NewUser, users } from '../../schema/users.ts';
import { COMMUNITY_MEMBERS, communityMemberAgeDays } from '../data/community.ts';
import { makeUser } from '../factories.ts';
import type { SeedContext } from '../seed-context.ts';
import { addDays } from '../time.ts';

/** Named accounts and community buyers, with fixed ids; balances start at 0 and come from the ledger. */
export async function seedUsers({ db, now }: SeedContext): Promise<void> {
  const named = [...STUDIO_ACCOUNTS, ...DEMO_ACCOUNTS].sort((a, b) => a.id - b.id);
  const rows: NewUser[] = [
    ...named.map((account) => namedUserRow(account, now)),
    ...COMMUNITY_MEMBERS.map((member, index) =>
      makeUser({ ...member, registrationDate: addDays(now, -communityMemberAgeDays(index)) }),
    ),
  ];
  await db.insert(users).values(rows);
}

function namedUserRow(account: DemoAccount, now: Date): NewUser {
  return makeUser({
    id: account.id,
    discordId: account.discordId,
    username: account.username,
    displayName: account.displayName,
    roles: [...account.roles],
    enabled: account.enabled,
    registrationDate: addDays(now, -430 + account.id),
    vipUntil: vipUntilOf(account.id, now),
  });
}

function vipUntilOf(userId: number, now: Date): Date | null {
  if (userId === DEMO_USER_IDS.vip) return addDays(now, 50);
  // A lapsed VIP: bought one month with GP long ago (order 12).
  if (userId === DEMO_USER_IDS.customer) return addDays(now, -70);
  return null;
}
