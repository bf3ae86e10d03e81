import { DEMO_ACCOUNTS } from '@ember/db/demo/demo-accounts';
import type { FakeDiscordAccount } from './fake-discord.routes.ts';

/** The demo accounts as the fake provider knows them: one "Continue as" button each. */
export function demoDiscordAccounts(): FakeDiscordAccount[] {
  return DEMO_ACCOUNTS.map((account) => ({
    discordId: account.discordId,
    username: account.username,
    displayName: account.displayName,
    member: account.member,
    note: !account.member
      ? 'not in the chat server'
      : !account.enabled
        ? 'banned'
        : account.roles
            .filter((r) => r !== 'CUSTOMER')
            .join(', ')
            .toLowerCase() || 'customer',
  }));
}
