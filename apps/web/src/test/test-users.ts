import type { SessionUser } from '../lib/auth/auth-context.ts';

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
