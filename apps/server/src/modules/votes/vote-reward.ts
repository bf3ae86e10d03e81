import { type VoteReward, voteReward } from '@ember/contracts/votes';

/** The reward when the `vote_reward` app setting is absent or unreadable. */
export const DEFAULT_VOTE_REWARD: VoteReward = { hours: 2, extraSessions: 1, extraSessionsHours: 12 };

/** Reads the stored setting; a malformed one falls back to the default rather than refusing every vote. */
export function voteRewardFrom(setting: unknown, warn: (message: string) => void): VoteReward {
  if (setting === undefined) return DEFAULT_VOTE_REWARD;
  const parsed = voteReward.safeParse(setting);
  if (parsed.success) return parsed.data;
  warn('The vote_reward app setting is malformed; using the default reward.');
  return DEFAULT_VOTE_REWARD;
}
