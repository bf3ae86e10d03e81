// The votes module's public surface: code outside the module imports only from here (decision 0035).

export { votesAccountTransfer } from './account-transfer.ts';
export { extraSessionsOf, sumExtraSessions } from './votes.repository.ts';
export { votesRoutes } from './votes.routes.ts';
export { createVotesService } from './votes.service.ts';
export { votesModule } from './votes-module.ts';
