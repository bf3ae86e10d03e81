import type { Role } from '@ember/contracts/enums';

/** An account seeded for demos and tests; the fake Discord provider offers one sign-in button per entry. */
export interface DemoAccount {
  id: number;
  username: string;
  discordId: string;
  displayName: string;
  roles: readonly Role[];
  /** Member of the community chat server; non-members are refused at login. */
  member: boolean;
  /** False for a banned account. */
  enabled: boolean;
}

/** Ids of the seeded named accounts, for tests that act as a given role. */
export const DEMO_USER_IDS = {
  mossforge: 1,
  ironbark: 2,
  owner: 3,
  admin: 4,
  payments: 5,
  staff: 6,
  developer: 7,
  premium: 8,
  vip: 9,
  customer: 10,
  banned: 11,
  outsider: 12,
} as const;

export type DemoUsername = keyof typeof DEMO_USER_IDS;

const account = (
  username: DemoUsername,
  discordId: string,
  displayName: string,
  roles: readonly Role[],
  flags: Partial<Pick<DemoAccount, 'member' | 'enabled'>> = {},
): DemoAccount => ({
  id: DEMO_USER_IDS[username],
  username,
  discordId,
  displayName,
  roles: roles.includes('CUSTOMER') ? roles : ['CUSTOMER', ...roles],
  member: flags.member ?? true,
  enabled: flags.enabled ?? true,
});

/** The sign-in buttons of the fake Discord page (DESIGN §5), in display order. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  account('owner', '314159265358979303', 'Ember', [
    'OWNER',
    'ADMIN',
    'DEVELOPER',
    'PREMIUM_DEVELOPER',
    'STAFF',
    'PAYMENTS',
  ]),
  account('admin', '314159265358979304', 'Ada Admin', ['ADMIN']),
  account('payments', '314159265358979305', 'Penny Payments', ['PAYMENTS']),
  account('staff', '314159265358979306', 'Stan Staff', ['STAFF']),
  account('developer', '314159265358979307', 'Devon Developer', ['DEVELOPER']),
  account('premium', '314159265358979308', 'Priya Premium', ['DEVELOPER', 'PREMIUM_DEVELOPER']),
  account('vip', '314159265358979309', 'Vera VIP', ['VIP']),
  account('customer', '314159265358979310', 'Casey Customer', []),
  account('banned', '314159265358979311', 'Boris Banned', [], { enabled: false }),
  account('outsider', '314159265358979312', 'Olive Outsider', [], { member: false }),
];

/** Third-party developer studios owning part of the catalog (ids 1 and 2); not sign-in buttons. */
export const STUDIO_ACCOUNTS: readonly DemoAccount[] = [
  account('mossforge', '314159265358979301', 'Mossforge Studios', ['DEVELOPER', 'PREMIUM_DEVELOPER']),
  account('ironbark', '314159265358979302', 'Ironbark Scripts', ['DEVELOPER']),
];

/** Every developer with plans in the demo catalog (the shop's developer filter). */
export const DEMO_DEVELOPERS: readonly DemoAccount[] = [...STUDIO_ACCOUNTS, ...DEMO_ACCOUNTS]
  .filter((a) => a.roles.includes('DEVELOPER'))
  .sort((a, b) => a.id - b.id);
