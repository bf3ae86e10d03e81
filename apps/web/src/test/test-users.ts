import type { CurrentUser } from '@ember/contracts/identity';
import type { SessionUser } from '../lib/auth/auth-context.ts';
import { json } from './mock-api.ts';

export const customer: SessionUser = {
  id: 11,
  username: 'customer',
  displayName: 'Casual Carl',
  discordId: '100000000000000011',
  balance: 12345,
  roles: ['CUSTOMER'],
  vip: false,
};

export const vipOwner: SessionUser = {
  id: 3,
  username: 'owner',
  displayName: 'Olivia Owner',
  discordId: '100000000000000003',
  balance: 1500,
  roles: ['CUSTOMER', 'OWNER', 'ADMIN', 'DEVELOPER', 'STAFF', 'PAYMENTS', 'VIP'],
  vip: true,
};

/** The body of POST identity /token and GET shop /users/me for a demo account. */
export function currentUserBody(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 10,
    username: 'customer',
    displayName: 'Casey Customer',
    discordId: '314159265358979310',
    registrationDate: '2024-01-01T00:00:00.000Z',
    vipUntil: null,
    vip: false,
    balance: 12345,
    transferableCredits: 0,
    roles: ['CUSTOMER'],
    enabled: true,
    ...overrides,
  };
}

/** The demo developer as the developer dashboards' tests sign in. */
export const developer: SessionUser = {
  ...customer,
  id: 7,
  username: 'developer',
  roles: ['CUSTOMER', 'DEVELOPER'],
};

/** GET /api/shop/users/lookup's answer for the Discord id asked about: the VIP, not banned. */
export function vipLookupAnswer(url: URL) {
  return json({
    discordId: url.searchParams.get('discordId'),
    username: 'vip',
    displayName: 'Vera VIP',
    banned: false,
  });
}
