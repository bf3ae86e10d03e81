// The votes module's public surface: code outside the module imports only from here (decision 0035).

export { extraSessionsOf, sumExtraSessions } from './votes.repository.ts';
export { votesModule } from './votes-module.ts';
