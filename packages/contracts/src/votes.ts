import { VOTE_COOLDOWN_HOURS } from './constants.ts';
import { z } from './zod.ts';

/** Spec §2 vote modal; also the refusal of a vote cast too early. */
export const VOTE_COOLDOWN_MESSAGE = `You can only vote every ${VOTE_COOLDOWN_HOURS} hours.`;
export const VOTE_THANKS_MESSAGE = 'Thanks for voting!';

/** What one vote earns (app setting `vote_reward`; DESIGN §4 "the reward is config"). */
export const voteReward = z.object({
  /** Added to each of the voter's active, time-limited subscriptions. */
  hours: z.number().int().min(0).max(720),
  /** Extra game-client sessions the client API allows while the reward lasts. */
  extraSessions: z.number().int().min(0).max(100),
  /** How long the extra sessions last after the vote. */
  extraSessionsHours: z.number().int().min(0).max(720),
});
export type VoteReward = z.infer<typeof voteReward>;

/** GET /votes/me: when the caller last voted, when they may vote next (null: now), and the reward. */
export const voteStatusResponse = z.object({
  lastVotedAt: z.iso.datetime().nullable(),
  nextVoteAt: z.iso.datetime().nullable(),
  reward: voteReward,
});
export type VoteStatusResponse = z.infer<typeof voteStatusResponse>;

/** POST /votes: the vote recorded and the reward it applied. */
export const castVoteResponse = z.object({
  id: z.number().int(),
  votedAt: z.iso.datetime(),
  nextVoteAt: z.iso.datetime(),
  rewardHours: z.number().int().min(0),
  subscriptionsExtended: z.number().int().min(0),
  extraSessions: z.number().int().min(0),
  extraSessionsUntil: z.iso.datetime().nullable(),
});
export type CastVoteResponse = z.infer<typeof castVoteResponse>;
