// The users module's public surface: code outside the module imports only from here (decision 0035).
export { accountBalances, balancesAfter } from './account-balances.ts';
export { accountHolders, findVipUntil } from './account-holders.ts';
export { accountStanding } from './account-standing.service.ts';
export type { AccountTransferSteps } from './account-transfer-steps.ts';
export { type Buyer, buyers, findBuyer } from './buyers.ts';
export { findUserIdByDiscordId, findUserProfiles, userProfiles } from './user-profiles.ts';
export { userAdminModule, usersModule } from './users-module.ts';
export { findWalletHolder, findWalletHolderByDiscordId } from './wallet-holders.ts';
