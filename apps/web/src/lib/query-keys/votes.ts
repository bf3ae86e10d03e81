export const voteKeys = { mine: ['votes', 'me'] as const };
